/**
 * How soon the server answers while the network to PostgreSQL is stalled, and how soon it recovers
 * (apps/server/test/database-faults.test.ts checks what it answers): an API request's 503 against
 * the statement timeout (it should come within the timeout and a second), the health answer (within
 * 2.5 s), and the first 200 after the network comes back (within 5 s). PostgreSQL only: skipped
 * without BENCH_DATABASE_URL or TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@flare/server/src/app';
import { loadConfig } from '@flare/server/src/config';
import { StallableProxy } from '@flare/server/test/stallable-proxy';
import { BENCH_PASSWORD, engines } from './support';

const STATEMENT_TIMEOUT_MS = 1_500;

export async function benchDatabaseFaults() {
  const postgres = engines().find((engine) => engine.name === 'postgres');
  if (!postgres) return [];
  const database = await postgres.freshDatabaseUrl!();
  const direct = new URL(database.url);
  const proxy = new StallableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaProxy = new URL(database.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(await proxy.listen());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-bench-faults-'));
  const config = loadConfig({
    DEMO_PASSWORD: BENCH_PASSWORD,
    WEB_DIST: '/nonexistent',
    DATA_DIR: dataDir,
    STATUS_SWEEP_MS: '0',
    LOG_LEVEL: 'silent',
    DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
  });
  const flare = await buildApp(config, { database: { url: viaProxy.toString() } });
  try {
    const signIn = await flare.app.inject({
      method: 'POST',
      url: '/api/user_token',
      payload: { grant_type: 'password', username: 'user@springfield-pd.test', password: BENCH_PASSWORD },
    });
    const headers = { authorization: `Bearer ${signIn.json<{ access_token: string }>().access_token}` };
    const things = () => flare.app.inject({ method: 'GET', url: '/api/organization/things', headers });

    proxy.stall();
    const started = Date.now();
    const [apiMs, healthMs] = await Promise.all([
      things().then(() => Date.now() - started),
      flare.app.inject({ method: 'GET', url: '/api/health' }).then(() => Date.now() - started),
    ]);
    proxy.resume();
    const resumed = Date.now();
    while ((await things()).statusCode !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    const recoveryMs = Date.now() - resumed;
    return [
      {
        name: 'API answer while the database network is stalled, vs the statement timeout',
        ratio: apiMs / STATEMENT_TIMEOUT_MS,
        detail: `503 after ${apiMs} ms (target: within ${STATEMENT_TIMEOUT_MS + 1_000}); health after ${healthMs} ms (target: within 2,500); the first 200 ${recoveryMs} ms after the network came back (target: within 5,000)`,
      },
    ];
  } finally {
    await flare.app.close();
    await proxy.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
