/**
 * A real Flare server for the browser tests: the same entry point as `npm start` (see the server's
 * test/server-process.ts), serving the built web app, on a free port and a fresh data folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '@flare/server/test/server-process';

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
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'flare-e2e-'));
  const server = await startServerProcess({
    PORT: String(options.port ?? 0),
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    WEB_DIST: webDist,
    // No network here: the bundled basemap, not the OpenFreeMap default (a test may ask for that).
    MAP_STYLE_URL: 'offline',
    ...options.env,
  });
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

/** A port nothing listens on now, for a server that must come back on the same address. */
