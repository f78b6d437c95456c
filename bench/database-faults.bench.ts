/**
 * How soon the server answers while the network to PostgreSQL is stalled, and how soon it recovers
 * (apps/server/test/database-faults.test.ts checks what it answers): an API request's 503 against
 * the statement timeout (it should come within the timeout and a second), the health answer (within
 * 2.5 s), and the first 200 after the network comes back (within 5 s). Then under load, with the
 * network stalled and with the database host resetting connections: the p50 and p99 time to the 503
 * of 50 reports and 9 API reads in flight when the fault comes, against the statement timeout (1.0x,
 * and the few ms of the answer). PostgreSQL only: skipped without BENCH_DATABASE_URL or TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@flare/server/src/app';
import { loadConfig } from '@flare/server/src/config';
import { FaultyProxy, type DatabaseFault } from '@flare/server/test/faulty-proxy';
import { BENCH_PASSWORD, engines, percentile } from './support';

const STATEMENT_TIMEOUT_MS = 1_500;
const DEVICES = ['SPD-CAR-101', 'SPD-CAR-102', 'SPD-CAR-103', 'SPD-CAR-104', 'SPD-SUV-101'];
const READS = ['/api/organization/things', '/api/locations/active', '/api/organization/closure'];

export async function benchDatabaseFaults() {
  const postgres = engines().find((engine) => engine.name === 'postgres');
  if (!postgres) return [];
  const database = await postgres.freshDatabaseUrl!();
  const direct = new URL(database.url);
  const proxy = new FaultyProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
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
    const recovered = async () => {
      while ((await things()).statusCode !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    };

    proxy.fail('stall');
    const started = Date.now();
    const [apiMs, healthMs] = await Promise.all([
      things().then(() => Date.now() - started),
      flare.app.inject({ method: 'GET', url: '/api/health' }).then(() => Date.now() - started),
    ]);
    proxy.heal();
    const resumed = Date.now();
    await recovered();
    const recoveryMs = Date.now() - resumed;

    /** Sends a burst of reports and API reads, fails the database `fault`'s way while they are in flight, and times each answer from then. */
    const underLoad = async (fault: DatabaseFault) => {
      const at = Math.floor(Date.now() / 1000) - 600;
      const report = (i: number) =>
        flare.app.inject({
          method: 'POST',
          url: `/api/ingest/osmand?id=${DEVICES[i % DEVICES.length]}&timestamp=${at + i}&lat=39.8&lon=-89.6`,
        });
      // The devices have reported before (their routes are known): the burst's reports go to the commit.
      await Promise.all(DEVICES.map((_, i) => report(100 + i)));
      let failed = Number.NaN;
      const timed = (request: Promise<{ statusCode: number }>) =>
        request.then(({ statusCode }) => ({ statusCode, ms: Date.now() - failed }));
      const ingest = Array.from({ length: 50 }, (_, i) => timed(report(i)));
      const api = READS.flatMap((url) =>
        [1, 2, 3].map(() => timed(flare.app.inject({ method: 'GET', url, headers }))),
      );
      proxy.fail(fault);
      failed = Date.now();
      const answers = { ingest: await Promise.all(ingest), api: await Promise.all(api) };
      proxy.heal();
      await recovered();
      return Object.entries(answers).map(([kind, timings]) => {
        const refused = timings.filter((t) => t.statusCode === 503).map((t) => t.ms);
        refused.sort((x, y) => x - y);
        const p50 = percentile(refused, 50) / STATEMENT_TIMEOUT_MS;
        const p99 = percentile(refused, 99) / STATEMENT_TIMEOUT_MS;
        return {
          name: `${kind === 'ingest' ? 'Ingest' : 'API'} 503 under load while the database ${fault === 'stall' ? 'network is stalled' : 'refuses connections'}, p99 vs the statement timeout`,
          ratio: p99,
          detail: `${refused.length} of ${timings.length} in flight answered 503 (the others ${[...new Set(timings.filter((t) => t.statusCode !== 503).map((t) => t.statusCode))].join(', ') || 'none'}); p50 ${p50.toFixed(2)}x, p99 ${p99.toFixed(2)}x of ${STATEMENT_TIMEOUT_MS} ms (target: 1.0x, the timeout, and the few ms of the answer)`,
        };
      });
    };

    return [
      {
        name: 'API answer while the database network is stalled, vs the statement timeout',
        ratio: apiMs / STATEMENT_TIMEOUT_MS,
        detail: `503 after ${apiMs} ms (target: within ${STATEMENT_TIMEOUT_MS + 1_000}); health after ${healthMs} ms (target: within 2,500); the first 200 ${recoveryMs} ms after the network came back (target: within 5,000)`,
      },
      ...(await underLoad('stall')),
      ...(await underLoad('refuse')),
    ];
  } finally {
    await flare.app.close();
    await proxy.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
