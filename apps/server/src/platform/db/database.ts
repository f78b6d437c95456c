/**
 * Opens the database: PGlite on disk under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both speak the same SQL; the rest of the server sees only Kysely.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index';
import { PgliteDialect, type RunExclusive } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/**
 * An open database. Other clients of it (the job queue) connect to PostgreSQL by its URL with their
 * own pool; the embedded PGlite is one connection, which they share through `runExclusive`.
 */
export type OpenedDatabase =
  { db: Db; engine: 'postgres'; url: string } | { db: Db; engine: 'pglite'; runExclusive: RunExclusive };

export interface DatabaseTarget {
  /** A PostgreSQL URL; without it an embedded PGlite is used. */
  url?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory. */
  pgliteDir?: string | undefined;
}

// pg returns int8 as strings; PGlite returns numbers. Counts and sums fit in a double here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(target: DatabaseTarget): Promise<OpenedDatabase> {
  if (target.url) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server ends (restart, failover, dropped database) must not crash the
    // process: the pool replaces it at the next query, which reports its own error.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const dialect = new PostgresDialect({ pool });
    return { db: new Kysely<Database>({ dialect }), engine: 'postgres', url: target.url };
  }
  const dir = target.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir);
  const dialect = new PgliteDialect(client);
  return { db: new Kysely<Database>({ dialect }), engine: 'pglite', runExclusive: dialect.runExclusive };
}

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error('migration failed');
  return result;
}

export async function isReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
