/**
 * Live-feed latency from acknowledgement to receipt at 100 subscribed clients under a steady
 * 5,000 points/s, p50 and p99; baseline: the same measure for single reports on an idle server.
 * In the same run, alerts: ten assets going out of and back into service with every report (each a
 * change the feed sends at once), their latency against the points'. Also the server's memory with
 * 50,000 live assets, against its memory with none.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { openDatabase } from '@flare/server/src/platform/db/database';
import { startServerProcess } from '@flare/server/test/server-process';
import type { FlareApp } from '@flare/server/src/app';
import { demoOrganizationId } from '@flare/server/src/seed/demo-data';
import { BENCH_PASSWORD, engines, percentile, registerDevices, signIn, type Engine } from './support';

const CLIENTS = 100;
const RATE = 5000;
const SECONDS = 10;
const ASSETS = 1000;
const BATCHES_PER_SECOND = 10;
const MEMORY_ASSETS = 50_000;
/** Assets whose every report is an alert (out of service, back in service). */
const ALERT_ASSETS = 10;

async function listen(flare: FlareApp): Promise<string> {
  await flare.app.listen({ port: 0, host: '127.0.0.1' });
  const address = flare.app.server.address();
  return `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

interface Batch {
  points: Array<{ device_id: string; lat: number; lng: number; timestamp: number; in_service?: boolean }>;
}

/** Posts batches at a steady pace; returns, per point timestamp, when its batch was acknowledged. */
async function steadyIngest(
  host: string,
  token: string,
  devices: string[],
  seconds: number,
  rate: number,
  alertDevices: string[],
) {
  const acknowledged = new Map<number, number>();
  const perBatch = rate / BATCHES_PER_SECOND;
  let sequence = Date.now() - 3_600_000;
  const inFlight: Promise<void>[] = [];
  for (let tick = 0; tick < seconds * BATCHES_PER_SECOND; tick++) {
    const due = performance.now() + 1000 / BATCHES_PER_SECOND;
    const batch: Batch = {
      points: Array.from({ length: perBatch }, (_, i) => ({
        device_id: devices[(tick * perBatch + i) % devices.length]!,
        lat: 39.7 + i / 100_000,
        lng: -89.6,
        timestamp: ++sequence,
      })),
    };
    // Out of service on odd ticks, back in service (Responding) on even ones: every report a change.
    for (const device_id of alertDevices)
      batch.points.push({
        device_id,
        lat: 39.8,
        lng: -89.6,
        timestamp: ++sequence,
        in_service: tick % 2 === 0,
      });
    inFlight.push(
      fetch(`http://${host}/api/ingest/points`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(batch),
      }).then(async (response) => {
        if (!response.ok) throw new Error(`batch refused: ${response.status} ${await response.text()}`);
        const at = Date.now();
        for (const point of batch.points) acknowledged.set(point.timestamp, at);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  await Promise.all(inFlight);
  return acknowledged;
}

async function feedLatencies(
  host: string,
  token: string,
  devices: string[],
  seconds: number,
  rate: number,
  clients: number,
  alerts: { devices: string[]; thingIds: ReadonlySet<string> } = { devices: [], thingIds: new Set() },
) {
  const worker = new Worker(new URL('./feed-clients.mjs', import.meta.url), {
    workerData: {
      url: `ws://${host}/cable`,
      token,
      organizationIds: [demoOrganizationId('springfield-pd')],
      count: clients,
    },
  });
  await new Promise((resolve) => worker.once('message', resolve));
  const acknowledged = await steadyIngest(host, token, devices, seconds, rate, alerts.devices);
  await new Promise((resolve) => setTimeout(resolve, 2500)); // the last flushes
  worker.postMessage('report');
  const { arrivals } = await new Promise<{ arrivals: Array<[string, string, number]> }>((resolve) =>
    worker.once('message', resolve),
  );
  await worker.terminate();
  const latenciesOf = (measured: Array<[string, string, number]>) =>
    measured
      .map(([, heartbeat, at]) => at - (acknowledged.get(Date.parse(heartbeat)) ?? Number.NaN))
      .filter((ms) => Number.isFinite(ms))
      .sort((a, b) => a - b);
  const isAlert = ([thingId]: [string, string, number]) => alerts.thingIds.has(thingId);
  return {
    latencies: latenciesOf(arrivals.filter((arrival) => !isAlert(arrival))),
    alertLatencies: latenciesOf(arrivals.filter(isAlert)),
    delivered: arrivals.length,
  };
}

export async function benchLiveFeed(engine: Engine) {
  // One signed-in user stands for the hundred dashboards (the default allows a user ten sockets).
  const { flare, drop } = await engine.build({ LIVE_MAX_SOCKETS_PER_USER: String(CLIENTS) });
  try {
    const devices = await registerDevices(flare.db, 'FEED', ASSETS);
    const host = await listen(flare);
    const token = await signIn(flare, 'platform@prairie-fleet.test');
    const alertDevices = await registerDevices(flare.db, 'ALERT', ALERT_ASSETS);
    const alertThingIds = new Set(
      (await flare.db.selectFrom('things').select('id').where('device_id', 'in', alertDevices).execute()).map(
        (row) => row.id,
      ),
    );
    const idle = await feedLatencies(host, token, devices.slice(0, 5), 3, BATCHES_PER_SECOND, 1);
    const loaded = await feedLatencies(host, token, devices, SECONDS, RATE, CLIENTS, {
      devices: alertDevices,
      thingIds: alertThingIds,
    });
    const idleP50 = percentile(idle.latencies, 50);
    const p50 = percentile(loaded.latencies, 50);
    const p99 = percentile(loaded.latencies, 99);
    const alertP50 = percentile(loaded.alertLatencies, 50);
    const alertP99 = percentile(loaded.alertLatencies, 99);
    return [
      {
        name: `live feed latency at ${CLIENTS} clients, ${RATE} points/s (${engine.name})`,
        ratio: p99 / idleP50,
        detail: `p50 ${p50} ms, p99 ${p99} ms (${loaded.latencies.length} deliveries measured); idle baseline p50 ${idleP50} ms (goal: p99 at most 1.1 s)`,
      },
      {
        name: `live feed alert latency at ${CLIENTS} clients, ${RATE} points/s, vs the points' p99 (${engine.name})`,
        ratio: alertP99 / p99,
        detail: `alerts p50 ${alertP50} ms, p99 ${alertP99} ms (${loaded.alertLatencies.length} deliveries measured) vs points p99 ${p99} ms in the same run (goal: alerts p99 at most 250 ms)`,
      },
    ];
  } finally {
    await drop();
  }
}

/** Resident memory of a process, from /proc (Linux). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/**
 * The server runs as its own process (as in production) so its memory is its own: started once to
 * migrate and seed, given 50,000 assets, restarted, measured idle, then measured again once every
 * asset has reported and is live in its caches.
 */
export async function benchMemory(engine: Engine) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-bench-memory-'));
  const database = engine.name === 'postgres' ? await engine.freshDatabaseUrl!() : null;
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    STATUS_SWEEP_MS: '0',
    DEMO_PASSWORD: BENCH_PASSWORD,
  };
  try {
    await (await startServerProcess(env)).stop();
    const { db } = await openDatabase(database ? { url: database.url } : { pgliteDir: `${dataDir}/pgdata` });
    await registerDevices(db, 'MEM', MEMORY_ASSETS);
    await db.destroy();

    const server = await startServerProcess(env);
    try {
      const pid = server.child.pid!;
      const token = await signInOver(server.url, 'platform@prairie-fleet.test');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const idle = residentBytes(pid);
      for (let i = 0; i < MEMORY_ASSETS; i += 1000) {
        const response = await fetch(`${server.url}/api/ingest/points`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            points: Array.from({ length: 1000 }, (_, j) => ({
              device_id: `MEM-${i + j}`,
              lat: 41 + j / 10_000,
              lng: -87.6,
              timestamp: Date.now(),
            })),
          }),
        });
        if (!response.ok) throw new Error(`batch refused: ${response.status} ${await response.text()}`);
      }
      const live = residentBytes(pid);
      return {
        name: `server memory with ${MEMORY_ASSETS} live assets (${engine.name})`,
        ratio: live / idle,
        detail: `${Math.round(live / 1e6)} MB resident vs ${Math.round(idle / 1e6)} MB idle with the assets only in the database${engine.name === 'pglite' ? ' (PGlite keeps the database in the server process)' : ''}`,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function signInOver(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: email, password: BENCH_PASSWORD }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function benchLiveFeedAllEngines() {
  const results = [];
  for (const engine of engines()) results.push(...(await benchLiveFeed(engine)), await benchMemory(engine));
  return results;
}
