/**
 * A real Flare server for the browser tests: the same entry point as `npm start` (see the server's
 * test/server-process.ts), serving the built web app, on a free port and a fresh data folder.
 *
 * A fresh data folder starts as a copy of one the run's first server migrated and seeded
 * (support/global-setup.ts): each file's server then opens a ready demo database instead of building
 * it again, seconds of CPU each on a two-core machine that runs two of these at once.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { startServerProcess } from '@flare/server/test/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder whose demo database is migrated and seeded. */
    seededDataDir: string;
  }
}

export { freePort } from '@flare/server/test/server-process';

export const DEMO_PASSWORD = 'E2e!demo-pass1';
const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist');

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a data folder (a restart); it is then left in place on stop. */
  dataDir?: string;
  port?: number;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? freshDataDir();
  const server = await startServerProcess(serverEnv(dataDir, options));
  return {
    url: server.url,
    dataDir,
    output: () => server.output(),
    async stop() {
      await server.stop();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new data folder holding the demo database: a copy of the seeded one of this run. */
export function freshDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-e2e-'));
  cpSync(inject('seededDataDir'), dataDir, { recursive: true });
  return dataDir;
}

/** Makes the seeded data folder: a server's first start on an empty folder, stopped cleanly. */
export async function seedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-e2e-seeded-'));
  await (await startServerProcess(serverEnv(dataDir, {}))).stop();
  return dataDir;
}

function serverEnv(dataDir: string, options: StartOptions): Record<string, string> {
  return {
    PORT: String(options.port ?? 0),
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    WEB_DIST: webDist,
    // No network here: the bundled basemap, not the OpenFreeMap default (a test may ask for that).
    MAP_STYLE_URL: 'offline',
    ...options.env,
  };
}

/** A port nothing listens on now, for a server that must come back on the same address. */
