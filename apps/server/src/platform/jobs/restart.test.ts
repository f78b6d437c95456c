import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from './job-definition';
import { createTestDatabase, engineName, testLog, testQueue, until, type TestDatabase } from './test-support';

const exportJob = defineJob('csv-export', z.object({ organizationId: z.string(), month: z.string() }), {
  retryDelaySeconds: 1,
  retryBackoff: false,
});

/** PGlite keeps its data in a folder here (not `memory://`), closed and opened again like a restart. */
describe(`jobs survive a restart on ${engineName}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ onDisk: true });
  });
  afterAll(() => database.drop());

  it('a job sent before stop() and not yet run is run by a new JobQueue after the database is reopened', async () => {
    const first = testQueue(await database.open(), testLog().log);
    await first.start();
    const id = await first.send(exportJob, { organizationId: 'org-1', month: '2026-11' });
    await first.stop();
    await database.close();

    const opened = await database.open();
    const second = testQueue(opened, testLog().log);
    await second.start();
    const received: Array<{ id: string; payload: unknown }> = [];
    await second.work(exportJob, (payload, job) => void received.push({ id: job.id, payload }));
    await until(() => received.length === 1);
    expect(received).toEqual([{ id, payload: { organizationId: 'org-1', month: '2026-11' } }]);
    await second.stop();
  });

  it('a job still running when stop() gives up is failed, and retried by the next JobQueue', async () => {
    const log = testLog();
    const first = testQueue(await database.open(), log.log, { stopTimeoutMs: 1_000 });
    await first.start();
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    await first.work(exportJob, async () => {
      started = true;
      await stuck;
    });
    const id = await first.send(exportJob, { organizationId: 'org-2', month: '2026-11' });
    await until(() => started);
    await first.stop();
    release(); // its completion after stop() goes nowhere (and throws nothing)
    await database.close();

    const opened = await database.open();
    const state = await sql<{ state: string; retry_count: number }>`
      select state::text, retry_count from pgboss.job where id = ${id}::uuid`.execute(opened.db);
    expect(state.rows).toEqual([{ state: 'retry', retry_count: 0 }]);
    // Its retry is due a second after the failure (pg-boss compares start_after with the database's
    // clock): due now instead, as it would stand a second later.
    await sql`update pgboss.job set start_after = now() where id = ${id}::uuid`.execute(opened.db);
    const second = testQueue(opened, testLog().log);
    await second.start();
    const retries: number[] = [];
    await second.work(exportJob, (_payload, job) => void retries.push(job.retryCount));
    await until(() => retries.length === 1);
    expect(retries).toEqual([1]);
    await second.stop();
  });
});
