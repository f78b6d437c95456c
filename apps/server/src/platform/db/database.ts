/**
 * Opens the database: PGlite on disk under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both speak the same SQL; the rest of the server sees only Kysely.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import { findMigrations } from './migrations';
import { PgliteDialect, type RunExclusive } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/**
 * An open database. Other clients of it (the job queue) connect to PostgreSQL by its URL with their
 * own pool; the embedded PGlite is one connection, which they share through `runExclusive`.
 */
export type OpenedDatabase =
  | { db: Db; engine: 'postgres'; url: string; timeouts: DatabaseTimeouts }
  | { db: Db; engine: 'pglite'; runExclusive: RunExclusive };

export interface DatabaseTarget {
  /** A PostgreSQL URL; without it an embedded PGlite is used. */
  url?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory. */
  pgliteDir?: string | undefined;
  /** The embedded database starts as this dump of one (PGlite's `dumpDataDir`), not empty. */
  pgliteDump?: Blob | undefined;
  /** PostgreSQL only: how long to wait for it (defaults: DATABASE_TIMEOUTS). */
  timeouts?: DatabaseTimeouts | undefined;
}

export interface DatabaseTimeouts {
  /** Opening a connection. */
  connectMs: number;
  /** One statement: the server cancels it, and the client gives up then too (a stalled network). */
  statementMs: number;
  /** A transaction left open without a statement is ended by the server. */
  idleInTransactionMs: number;
}

export const DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 10_000,
  idleInTransactionMs: 30_000,
};

/**
 * A pool of PostgreSQL connections that never ends the process: every error of an idle or a busy
 * connection is reported to `onError` (the query that was running, if any, fails with it), and no
 * wait is unbounded.
 */
export function postgresPool(
  url: string,
  options: {
    max: number;
    applicationName: string;
    timeouts: DatabaseTimeouts;
    onError: (error: Error) => void;
  },
): pg.Pool {
  const { timeouts, onError } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    application_name: options.applicationName,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    keepAlive: true,
  });
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

// pg returns int8 as strings; PGlite returns numbers. Counts and sums fit in a double here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(target: DatabaseTarget): Promise<OpenedDatabase> {
  if (target.url) {
    // A connection the server ends (restart, failover, terminated backend) must not crash the
    // process: the pool replaces it at the next query.
    const timeouts = target.timeouts ?? DATABASE_TIMEOUTS;
    const pool = postgresPool(target.url, {
      max: 10,
      applicationName: 'flare',
      timeouts,
      onError: (error) => console.warn(`database connection lost: ${error.message}`),
    });
    const dialect = new PostgresDialect({ pool });
    return { db: new Kysely<Database>({ dialect }), engine: 'postgres', url: target.url, timeouts };
  }
  const dir = target.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir, target.pgliteDump ? { loadDataDir: target.pgliteDump } : {});
  const dialect = new PgliteDialect(client);
  return { db: new Kysely<Database>({ dialect }), engine: 'pglite', runExclusive: dialect.runExclusive };
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: findMigrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error('migration failed');
  return result;
}

/** Whether the database answers within `withinMs`. */
export async function isReachable(db: Db, withinMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), withinMs)));
  const answered = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
