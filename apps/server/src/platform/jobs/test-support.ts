/**
 * For the job-queue tests: a database per test file (PGlite, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set, as test/test-app.ts does), a logger that keeps its lines, and waiting for
 * conditions.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshPostgresDatabase } from '../../../test/test-app';
import { openDatabase, type OpenedDatabase } from '../db/database';
import type { JobLogger } from './job-log';
import { JobQueue, type JobQueueOptions } from './job-queue';

export const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
export const engineName = postgresUrl ? 'PostgreSQL' : 'PGlite';

export interface TestDatabase {
  /** Opens the database; again after `close`, on the same data (PGlite: `onDisk`). */
  open(): Promise<OpenedDatabase>;
  close(): Promise<void>;
  /** Closes it and deletes it. */
  drop(): Promise<void>;
}

export async function createTestDatabase(options: { onDisk?: boolean } = {}): Promise<TestDatabase> {
  let current: OpenedDatabase | null = null;
  const close = async () => {
    await current?.db.destroy();
    current = null;
  };
  if (postgresUrl) {
    const database = await freshPostgresDatabase(postgresUrl);
    return {
      open: async () => (current = await openDatabase({ url: database.url })),
      close,
      drop: async () => {
        await close();
        await database.drop();
      },
    };
  }
  const dir = options.onDisk ? mkdtempSync(path.join(tmpdir(), 'flare-jobs-')) : null;
  return {
    open: async () =>
      (current = await openDatabase({ pgliteDir: dir ? path.join(dir, 'pgdata') : 'memory://' })),
    close,
    drop: async () => {
      await close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface LogLine {
  level: 'error' | 'warn' | 'info';
  obj: object;
  msg: string;
}

export function testLog(): { log: JobLogger; lines: LogLine[]; at: (level: LogLine['level']) => LogLine[] } {
  const lines: LogLine[] = [];
  const line = (level: LogLine['level']) => (obj: object, msg: string) =>
    void lines.push({ level, obj, msg });
  return {
    log: { error: line('error'), warn: line('warn'), info: line('info') },
    lines,
    at: (level) => lines.filter((l) => l.level === level),
  };
}

/** Short polling and maintenance, so tests run in seconds. */
export function testQueue(
  database: OpenedDatabase,
  log: JobLogger,
  options: Partial<JobQueueOptions> = {},
): JobQueue {
  return new JobQueue(database, {
    log,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    scheduleCheckSeconds: 1,
    stopTimeoutMs: 5_000,
    ...options,
  });
}

/** Waits until `condition` holds, checking every 50 ms; the timeout is generous, for a loaded machine. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise<void>((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * For a test file: a fresh database opened before its tests, and the job queues each test starts
 * (as the server processes of a test), stopped after it.
 */
export function useJobQueues() {
  let database: TestDatabase;
  let opened: OpenedDatabase;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    opened = await database.open();
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  });
  afterAll(() => database.drop());
  return {
    /** The open test database (once the file's tests run). */
    opened: () => opened,
    /** The queues started so far in this test, oldest first. */
    queues,
    async start(log: JobLogger, options: Partial<JobQueueOptions> = {}): Promise<JobQueue> {
      const queue = testQueue(opened, log, options);
      queues.push(queue);
      await queue.start();
      return queue;
    },
  };
}
