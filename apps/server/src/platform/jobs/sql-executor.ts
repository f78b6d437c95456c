/**
 * The one `executeSql` pg-boss and the keyed schedules run their SQL through (pg-boss's `db` option).
 *
 * - PostgreSQL: a small pool of its own on the database URL, apart from Kysely's.
 * - PGlite: the single connection Kysely uses, taken in turn with Kysely's queries and transactions
 *   (`runExclusive`), so a job statement never runs inside someone else's open transaction, nor
 *   commits it (pg-boss's maintenance runs `BEGIN; ...; COMMIT;`).
 *
 * Every statement under way is tracked: pg-boss completes or fails a job without awaiting it, so
 * `JobQueue.stop()` waits for those before the pool closes. For the same reason such a statement never
 * rejects: a failure there (the database out of reach) would be an unhandled rejection, which ends
 * the process. It is reported instead, and the job stays active until it expires and is retried, as
 * if its process had died.
 */
import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import { DATABASE_TIMEOUTS, postgresPool, type DatabaseTimeouts } from '../db/database';
import type { RunExclusive } from '../db/pglite-dialect';
import type { JobLogger } from './job-log';

export type Row = Record<string, unknown>;
export interface SqlResult {
  rows: Row[];
}

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /** The statements under way. */
  underway(): Promise<unknown>[];
  /** Ends the pool (PostgreSQL). Statements after this answer nothing (see below). */
  close(): Promise<void>;
}

type Run = (text: string, values: unknown[] | undefined) => Promise<SqlResult>;

/** The statements pg-boss runs without awaiting them, and where their failures are told. */
export interface Unawaited {
  statements: ReadonlySet<string>;
  failed(error: unknown): void;
}

/** pg-boss's job completion and failure statements for its tables in `schema` (from its own plans). */
export function pgBossUnawaited(schema: string, failed: (error: unknown) => void): Unawaited {
  const plans = createRequire(import.meta.url)('pg-boss/src/plans') as {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  return { statements: new Set([plans.completeJobs(schema), plans.failJobsById(schema)]), failed };
}

class TrackedExecutor implements SqlExecutor {
  private readonly statements = new Set<Promise<SqlResult>>();
  private closed = false;

  constructor(
    private readonly run: Run,
    private readonly end: () => Promise<void>,
    private readonly unawaited: Unawaited,
  ) {}

  executeSql(text: string, values?: unknown[]): Promise<SqlResult> {
    // pg-boss's own pool answers `undefined` once closed, and pg-boss expects that: a job's
    // completion it does not await must not become an unhandled rejection after stop().
    if (this.closed) return Promise.resolve(undefined as unknown as SqlResult);
    const run = this.run(text, values);
    const statement = this.unawaited.statements.has(text)
      ? run.catch((error: unknown) => {
          this.unawaited.failed(error);
          return undefined as unknown as SqlResult;
        })
      : run;
    this.statements.add(statement);
    const settle = () => this.statements.delete(statement);
    void statement.then(settle, settle);
    return statement;
  }

  underway(): Promise<unknown>[] {
    return [...this.statements];
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.end();
  }
}

export function postgresExecutor(
  url: string,
  max: number,
  onError: (error: Error) => void,
  unawaited: Unawaited,
  timeouts: DatabaseTimeouts = DATABASE_TIMEOUTS,
): SqlExecutor {
  const pool = postgresPool(url, { max, applicationName: 'flare-jobs', timeouts, onError });
  const run: Run = async (text, values) => {
    const client = await pool.connect();
    try {
      // Several statements give an array of results, as pg-boss's own pool would (it ignores them).
      const result = (await client.query(text, values)) as unknown as SqlResult;
      client.release();
      return result;
    } catch (error) {
      // Statements that failed between BEGIN and COMMIT leave their connection in a failed
      // transaction: drop it rather than hand it to the next statement.
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  };
  return new TrackedExecutor(run, () => pool.end(), unawaited);
}

/** How long a job statement may wait for the embedded connection before that is logged. */
const SLOW_TURN_MS = 10_000;

export function pgliteExecutor(
  runExclusive: RunExclusive,
  log: JobLogger,
  unawaited: Unawaited,
): SqlExecutor {
  const run: Run = (text, values) => {
    const slow = setTimeout(
      () =>
        log.warn(
          { waitedMs: SLOW_TURN_MS },
          'a job-queue statement is still waiting for the embedded database: is a job sent inside a transaction callback?',
        ),
      SLOW_TURN_MS,
    );
    slow.unref();
    return runExclusive(async (client) => {
      clearTimeout(slow);
      try {
        return await pgliteStatement(client, text, values);
      } finally {
        // Statements that failed between BEGIN and COMMIT leave the session in a failed
        // transaction, and this session is everyone's: end it before handing it on.
        if (client.isInTransaction()) await client.exec('ROLLBACK');
      }
    }).finally(() => clearTimeout(slow));
  };
  // The PGlite belongs to the Kysely instance, which closes it.
  return new TrackedExecutor(run, () => Promise.resolve(), unawaited);
}

/**
 * Parameterised SQL goes to `query` (extended protocol: one statement); the rest (pg-boss's
 * install, migrations and maintenance are several statements) to `exec` (simple protocol).
 */
async function pgliteStatement(
  client: PGlite,
  text: string,
  values: unknown[] | undefined,
): Promise<SqlResult> {
  if (values && values.length > 0) {
    const { rows } = await client.query<Row>(text, values);
    return { rows };
  }
  const results = await client.exec(text);
  if (results.length === 0) return { rows: [] };
  if (results.length === 1) return { rows: results[0]!.rows };
  return results as unknown as SqlResult;
}
