/**
 * A real Flare server for the browser tests, serving the built web app on a free port: started
 * inside the test worker (`startServer`, the same start as `npm start`: src/start.ts), or as a
 * process of its own for tests about a process's life (`startServerProcess`).
 *
 * Every server starts from the demo database that support/global-setup.ts migrated and seeded once
 * per run: in memory from its dump, or, for a server that must find its data again after a restart
 * (`dataDir`), on disk in a copy of its data folder.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig } from '@flare/server/src/config';
import type { Db } from '@flare/server/src/platform/db/database';
import { startFlare } from '@flare/server/src/start';
import { startServerProcess as startProcess } from '@flare/server/test/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder whose demo database is migrated and seeded. */
    seededDataDir: string;
    /** The same database as a PGlite dump, for servers that keep it in memory. */
    seededDump: string;
  }
}

export const DEMO_PASSWORD = 'E2e!demo-pass1';
export const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

export interface RunningServer {
  url: string;
  osmandPort: number;
  dataDir: string;
  /** What the server logged (warnings and errors). */
  output: () => string;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Keep the database on disk in this data folder (freshDataDir), to start again on it; left in place on stop. */
  dataDir?: string;
  port?: number;
}

export interface InProcessServer extends RunningServer {
  /** Its database, for what no API does (time passing: apps/server/test/time-travel.ts). */
  db: Db;
  /** What `npm start` prints once the server is up (addresses and demo sign-ins). */
  banner(): string;
}

/** A server inside this test worker. */
export async function startServer(options: StartOptions = {}): Promise<InProcessServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'flare-e2e-'));
  const env = serverEnv(dataDir, options);
  let output = '';
  const flare = await startFlare(loadConfig(env), {
    logStream: { write: (line) => (output += line) },
    database: options.dataDir ? undefined : { pgliteDir: 'memory://', pgliteDump: seededDump() },
  });
  return {
    url: flare.url,
    osmandPort: Number(new URL(flare.osmandUrl).port),
    dataDir,
    db: flare.db,
    banner: () => flare.banner(),
    output: () => output,
    async stop() {
      await flare.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A server in a process of its own (`npm start`'s entry point), for tests about its stopping and starting. */
export async function startServerProcess(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? freshDataDir();
  const server = await startProcess(serverEnv(dataDir, options));
  return {
    url: server.url,
    osmandPort: Number(new URL(server.osmandUrl).port),
    dataDir,
    output: () => server.output(),
    async stop() {
      await server.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new data folder holding the demo database on disk: a copy of the seeded one of this run. */
export function freshDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-e2e-'));
  cpSync(inject('seededDataDir'), dataDir, { recursive: true });
  return dataDir;
}

let dump: Blob | undefined;

/** The seeded database's dump, read once per worker. */
function seededDump(): Blob {
  dump ??= new Blob([readFileSync(inject('seededDump'))]);
  return dump;
}

function serverEnv(dataDir: string, options: StartOptions): Record<string, string> {
  return {
    PORT: String(options.port ?? 0),
    OSMAND_PORT: '0',
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    WEB_DIST,
    LOG_LEVEL: 'warn',
    // No network here: the bundled basemap, not the OpenFreeMap default (a test may ask for that).
    MAP_STYLE_URL: 'offline',
    ...options.env,
  };
}
