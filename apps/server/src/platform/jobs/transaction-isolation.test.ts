/**
 * The job queue's SQL never joins someone else's transaction. On PGlite (one connection shared
 * with Kysely) that takes runExclusive; on PostgreSQL pg-boss has its own connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import type { OpenedDatabase } from '../db/database';
import { defineJob } from './job-definition';
import type { JobQueue } from './job-queue';
import { pgBossUnawaited, pgliteExecutor, postgresExecutor } from './sql-executor';
import { createTestDatabase, engineName, testLog, testQueue, until, type TestDatabase } from './test-support';

describe(`job statements and Kysely transactions on ${engineName}`, () => {
  let database: TestDatabase;
  let opened: OpenedDatabase;
  /** PGlite: the job statements given to the queues wait in the connection's line; counted here. */
  let lined: OpenedDatabase;
  let waitingInLine = 0;
  let queue: JobQueue;
  const log = testLog();
  const probe = defineJob('probe', z.object({ n: z.number() }));

  const probeRows = async () =>
    (await sql<{ v: string }>`select v from isolation_probe order by v`.execute(opened.db)).rows.map(
      (r) => r.v,
    );
  const jobExists = async (id: string) =>
    (await sql`select 1 from pgboss.job where id = ${id}::uuid`.execute(opened.db)).rows.length === 1;

  /** A transaction that inserts `value`, then holds on (across awaits) until `release`. */
  const heldTransaction = (value: string, outcome: 'commit' | 'rollback') => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const done = opened.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into isolation_probe (v) values (${value})`.execute(trx);
        entered();
        await held;
        if (outcome === 'rollback') throw new Error('roll back');
      })
      .then(
        () => 'committed',
        () => 'rolled back',
      );
    return { inside, release, done };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    opened = await database.open();
    await sql`create table isolation_probe (v text)`.execute(opened.db);
    const inLine = opened.engine === 'pglite' ? opened.runExclusive : null;
    lined = inLine
      ? {
          ...(opened as Extract<OpenedDatabase, { engine: 'pglite' }>),
          runExclusive: (fn) => {
            waitingInLine += 1;
            return inLine((client) => {
              waitingInLine -= 1;
              return fn(client);
            });
          },
        }
      : opened;
    queue = testQueue(lined, log.log, { maintenanceIntervalSeconds: 1 });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await database.drop();
  });

  it('a job sent while a transaction is open is not part of it: the transaction rolls back, the job stays', async () => {
    const trx = heldTransaction('rolled-back', 'rollback');
    await trx.inside;
    let sent = false;
    const sending = queue.send(probe, { n: 1 }).finally(() => (sent = true));
    // PGlite: the job's statement waits in line for the transaction to end; PostgreSQL: it gets in
    // on a connection of its own while the transaction is open.
    await until(() => (opened.engine === 'postgres' ? sent : waitingInLine > 0));
    expect(sent).toBe(opened.engine === 'postgres');
    trx.release();
    expect(await trx.done).toBe('rolled back');
    const id = await sending;
    expect(id).not.toBeNull();
    expect(await jobExists(id!)).toBe(true);
    expect(await probeRows()).not.toContain('rolled-back');
  });

  it('and vice versa: a job statement that fails rolls back alone; the open transaction commits', async () => {
    const trx = heldTransaction('committed', 'commit');
    await trx.inside;
    // What pg-boss's install and maintenance look like (several statements in BEGIN ... COMMIT),
    // failing half-way, through the same executeSql pg-boss is given.
    const unawaited = pgBossUnawaited('pgboss', () => undefined);
    const executor =
      lined.engine === 'pglite' ? pgliteExecutor(lined.runExclusive, log.log, unawaited) : null;
    const url = opened.engine === 'postgres' ? opened.url : '';
    const sqlExecutor = executor ?? postgresExecutor(url, 1, () => undefined, unawaited);
    let settled = false;
    const failing = sqlExecutor.executeSql(
      `BEGIN; INSERT INTO isolation_probe (v) VALUES ('job-statement'); SELECT 1/0; COMMIT;`,
    );
    void failing.catch(() => (settled = true));
    // Issued while the transaction is open: PGlite, waiting in line; PostgreSQL, failed already.
    await until(() => (opened.engine === 'postgres' ? settled : waitingInLine > 0));
    trx.release();
    await expect(failing).rejects.toThrow(/division by zero/);
    expect(await trx.done).toBe('committed');
    // The connection is usable again (PGlite: not left in the failed transaction).
    expect((await sqlExecutor.executeSql('SELECT 1 AS one', [])).rows).toEqual([{ one: 1 }]);
    expect(await probeRows()).toEqual(['committed']);
    expect(await queue.send(probe, { n: 2 })).not.toBeNull();
    await sqlExecutor.close();
  });

  it("pg-boss's maintenance (BEGIN ... COMMIT every second here) never commits a transaction it does not own", async () => {
    const before = await maintainedOn();
    const trx = heldTransaction('held-over-maintenance', 'rollback');
    await trx.inside;
    // Maintenance while the transaction is open: on PostgreSQL it runs beside it (on its own
    // connection); on PGlite its statements wait in line for it.
    await until(async () =>
      opened.engine === 'postgres' ? (await maintainedOn()) > before : waitingInLine > 0,
    );
    trx.release();
    expect(await trx.done).toBe('rolled back');
    await until(async () => (await maintainedOn()) > before);
    expect(await probeRows()).not.toContain('held-over-maintenance');
    expect(log.at('error')).toEqual([]);
  });

  const maintainedOn = async () =>
    (
      await sql<{ at: Date | null }>`select maintained_on as at from pgboss.version`.execute(opened.db)
    ).rows[0]?.at?.getTime() ?? 0;
});
