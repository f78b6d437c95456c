/**
 * Kysely dialect for PGlite. PGlite is a single connection, so a transaction must own it until it
 * ends: connections are handed out one at a time (kysely-pglite's driver shares it, letting other
 * requests' queries run inside an open transaction). Other clients of the same PGlite (the job
 * queue) take their turn in the same line through `runExclusive`.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query<R>(query.sql, [...query.parameters]);
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}

/** Hands the one connection to one holder at a time, in the order they asked. */
class ConnectionLine {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves when the connection is the caller's, with the function that hands it on. */
  async acquire(): Promise<() => void> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise((resolve) => (release = resolve));
    await previous;
    return release;
  }
}

class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  private release: (() => void) | null = null;

  constructor(
    private readonly client: PGlite,
    private readonly line: ConnectionLine,
  ) {
    this.connection = new PgliteConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.line.acquire();
    return this.connection;
  }

  releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
    return Promise.resolve();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async destroy(): Promise<void> {
    await this.client.close();
  }
}

export class PgliteDialect implements Dialect {
  private readonly line = new ConnectionLine();
  constructor(private readonly client: PGlite) {}
  createAdapter = () => new PostgresAdapter();
  createDriver = () => new PgliteDriver(this.client, this.line);
  createQueryCompiler = () => new PostgresQueryCompiler();
  createIntrospector = (db: Kysely<unknown>) => new PostgresIntrospector(db);

  /** See {@link RunExclusive}. */
  runExclusive: RunExclusive = async (fn) => {
    const release = await this.line.acquire();
    try {
      return await fn(this.client);
    } finally {
      release();
    }
  };
}

/**
 * Runs `fn` with the PGlite connection to itself: after the Kysely transaction or query holding it
 * ends, and before the next one starts. Called inside a Kysely transaction callback it waits for
 * that transaction, which waits for it: a deadlock.
 */
export type RunExclusive = <T>(fn: (client: PGlite) => Promise<T>) => Promise<T>;
