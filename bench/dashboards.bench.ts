/**
 * How many live dashboards one server process serves with the live feed's p99 latency (from a
 * report's acknowledgement to its arrival at a dashboard) at most 1.5 s, in this scenario: 100
 * organisations of 100 assets each, every asset reporting every 5 s through the OsmAnd port (2,000
 * reports/s), each dashboard subscribed to one organisation, the dashboards spread evenly. The
 * server runs as its own process, as in production; the devices and the dashboards are worker
 * threads of this one. Dashboards are added in steps until p99 passes 1.5 s; the baseline is the p50
 * of the first step, measured in the same run. The server's CPU use (one event loop: 100% is one
 * core) tells where the limit comes from.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { openDatabase } from '@flare/server/src/platform/db/database';
import { organizationTypeId } from '@flare/server/src/seed/reference-data';
import { startServerProcess, type ServerProcess } from '@flare/server/test/server-process';
import {
  benchCredential,
  BENCH_PASSWORD,
  engines,
  percentile,
  registerDevices,
  type Engine,
} from './support';

const ORGANIZATIONS = 100;
const ASSETS_PER_ORGANIZATION = 100;
const REPORT_PERIOD_MS = 5_000;
const SECONDS = 12;
const WARM_UP_SECONDS = 3;
const P99_LIMIT_MS = 1_500;
/** Dashboards at each step (BENCH_DASHBOARD_STEPS, comma-separated, to measure chosen ones). */
const STEPS = process.env.BENCH_DASHBOARD_STEPS
  ? process.env.BENCH_DASHBOARD_STEPS.split(',').map(Number)
  : [100, 1_000, 2_000, 3_000, 4_000, 6_000, 8_000, 10_000];
/** Dashboards per client thread, and how many of them record their arrivals. */
const DASHBOARDS_PER_THREAD = 1_000;
const SAMPLE_EVERY = 10;

/** CPU seconds (user + system) a process has used, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The resident memory of a process in bytes, from /proc (Linux). */
function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? NaN) * 1024;
}

async function signInOver(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: email, password: BENCH_PASSWORD }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

interface Fleet {
  organizationIds: string[];
  devices: Array<{ id: string; thingId: string }>;
}

/** 100 organisations of 100 assets, straight in the database (the server is stopped). */
async function createFleet(database: { url: string } | { pgliteDir: string }): Promise<Fleet> {
  const { db } = await openDatabase(database);
  try {
    const organizations = await db
      .insertInto('organizations')
      .values(
        Array.from({ length: ORGANIZATIONS }, (_, i) => ({
          name: `Bench County ${i + 1}`,
          email: null,
          address1: null,
          address2: null,
          city: null,
          state: null,
          postal_code: null,
          country_code: 'US',
          phone_number: null,
          contact_name: null,
          cell_phone_number: null,
          timezone: 'America/Chicago',
          organization_type_id: organizationTypeId('police'),
          responders_type: 'all' as const,
          billing_customer_id: null,
        })),
      )
      .returning('id')
      .execute();
    const organizationIds = organizations.map((o) => o.id);
    for (const [n, organizationId] of organizationIds.entries()) {
      await registerDevices(db, `DASH-${n}`, ASSETS_PER_ORGANIZATION, 'general', organizationId);
    }
    const things = await db
      .selectFrom('things')
      .select(['id', 'device_id'])
      .where('device_id', 'like', 'DASH-%')
      .execute();
    return {
      organizationIds,
      devices: things.map((t) => ({ id: benchCredential(t.device_id), thingId: t.id })),
    };
  } finally {
    await db.destroy();
  }
}

/** Opens `count` dashboards spread over the organisations; resolves once every one is subscribed. */
async function openDashboards(server: ServerProcess, token: string, fleet: Fleet, count: number) {
  const workers = Array.from({ length: Math.ceil(count / DASHBOARDS_PER_THREAD) }, (_, t) => {
    const worker = new Worker(new URL('./feed-clients.mjs', import.meta.url), {
      workerData: {
        url: `${server.url.replace('http', 'ws')}/cable`,
        token,
        // Each thread starts where the previous one stopped, so organisations get equal shares.
        organizationIds: fleet.organizationIds.map(
          (_, i) => fleet.organizationIds[(i + t * DASHBOARDS_PER_THREAD) % ORGANIZATIONS]!,
        ),
        count: Math.min(DASHBOARDS_PER_THREAD, count - t * DASHBOARDS_PER_THREAD),
        sampleEvery: SAMPLE_EVERY,
      },
    });
    return worker;
  });
  const ready = await Promise.all(
    workers.map(
      (w) => new Promise<{ failed: number; firstFailure: string }>((resolve) => w.once('message', resolve)),
    ),
  );
  const failed = ready.reduce((sum, r) => sum + r.failed, 0);
  if (failed > 0) {
    await Promise.all(workers.map((w) => w.terminate()));
    const first = ready.find((r) => r.failed > 0)?.firstFailure;
    throw new Error(`${failed} of ${count} dashboards could not subscribe, the first: ${first}`);
  }
  return {
    async arrivals(): Promise<Array<[string, string, number]>> {
      const results = await Promise.all(
        workers.map(async (worker) => {
          worker.postMessage('report');
          const { arrivals } = await new Promise<{ arrivals: Array<[string, string, number]> }>((resolve) =>
            worker.once('message', resolve),
          );
          await worker.terminate();
          return arrivals;
        }),
      );
      return results.flat();
    },
  };
}

/** Every device reports every 5 s for `seconds`; answers when each report was acknowledged. */
async function reportFor(server: ServerProcess, fleet: Fleet, seconds: number) {
  const worker = new Worker(new URL('./paced-osmand.mjs', import.meta.url), {
    workerData: { url: server.osmandUrl, devices: fleet.devices, periodMs: REPORT_PERIOD_MS, seconds },
  });
  const result = await new Promise<{
    /** thing id, report time, when it was sent, when it was acknowledged. */
    acknowledged: Array<[string, number, number, number]>;
    failures: number;
    firstError: string;
    sent: number;
  }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  if (result.failures > 0) throw new Error(`${result.failures} reports failed, first: ${result.firstError}`);
  return result;
}

interface Step {
  dashboards: number;
  p50: number;
  p99: number;
  reportsPerSecond: number;
  serverCpu: number;
  /** The server's resident memory once the step's dashboards are subscribed and fed. */
  serverBytes: number;
  /** p99 of the OsmAnd reports' answers (sent to acknowledged): what a busy feed costs the rest. */
  answerP99: number;
}

async function measure(
  server: ServerProcess,
  token: string,
  fleet: Fleet,
  dashboards: number,
): Promise<Step> {
  const clients = await openDashboards(server, token, fleet, dashboards);
  await reportFor(server, fleet, WARM_UP_SECONDS);
  const cpuBefore = cpuSeconds(server.child.pid!);
  const started = Date.now();
  const { acknowledged, sent } = await reportFor(server, fleet, SECONDS);
  const elapsed = (Date.now() - started) / 1000;
  const serverCpu = (cpuSeconds(server.child.pid!) - cpuBefore) / elapsed;
  const serverBytes = residentBytes(server.child.pid!);
  await new Promise((resolve) => setTimeout(resolve, 2_500)); // the last flushes
  const ackAt = new Map(acknowledged.map(([thingId, at, , ack]) => [`${thingId}|${at}`, ack]));
  const answers = acknowledged.map(([, , sentAt, ack]) => ack - sentAt).sort((a, b) => a - b);
  const latencies = (await clients.arrivals())
    .map(
      ([thingId, heartbeat, arrived]) => arrived - (ackAt.get(`${thingId}|${Date.parse(heartbeat)}`) ?? NaN),
    )
    .filter((ms) => Number.isFinite(ms))
    .sort((a, b) => a - b);
  return {
    dashboards,
    p50: percentile(latencies, 50),
    p99: latencies.length > 0 ? percentile(latencies, 99) : Infinity,
    reportsPerSecond: Math.round(sent / SECONDS),
    serverCpu,
    serverBytes,
    answerP99: percentile(answers, 99),
  };
}

export async function benchDashboards(engine: Engine) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-bench-dashboards-'));
  const database = engine.name === 'postgres' ? await engine.freshDatabaseUrl!() : null;
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    STATUS_SWEEP_MS: '0',
    DEMO_PASSWORD: BENCH_PASSWORD,
    // The devices and dashboards come from one address and one user.
    INGEST_IP_REQUESTS_PER_MINUTE: '0',
    LIVE_MAX_SOCKETS_PER_USER: '10000',
  };
  try {
    await (await startServerProcess(env)).stop(); // migrates and seeds
    const fleet = await createFleet(database ? { url: database.url } : { pgliteDir: `${dataDir}/pgdata` });
    const server = await startServerProcess(env);
    try {
      const token = await signInOver(server.url, 'platform@prairie-fleet.test');
      const steps: Step[] = [];
      /** The step whose dashboards could not all connect, which ends the stepping (said in the detail). */
      let unconnected = '';
      for (const dashboards of STEPS) {
        let step: Step;
        try {
          step = await measure(server, token, fleet, dashboards);
        } catch (error) {
          unconnected = `; ${dashboards}: ${error instanceof Error ? error.message : String(error)}`;
          break;
        }
        steps.push(step);
        if (step.p99 > P99_LIMIT_MS) break;
      }
      const name = `live dashboards one server process serves at feed p99 <= 1.5 s, ${ORGANIZATIONS}x${ASSETS_PER_ORGANIZATION} assets (${engine.name})`;
      const first = steps[0];
      if (!first) return { name, ratio: Infinity, detail: `no step measured${unconnected}` };
      const served = steps.filter((s) => s.p99 <= P99_LIMIT_MS).at(-1);
      const baseline = first.p50;
      const last = steps.at(-1)!;
      // What each dashboard past the first step's adds to the server's resident memory.
      const perDashboard = (s: Step) =>
        s === first
          ? ''
          : `, ${Math.round((s.serverBytes - first.serverBytes) / (s.dashboards - first.dashboards) / 1024)} kB per dashboard`;
      const describe = (s: Step) =>
        `${s.dashboards}: p50 ${s.p50} ms, p99 ${s.p99} ms, reports answered p99 ${s.answerP99} ms, server CPU ${Math.round(s.serverCpu * 100)}%, ` +
        `${Math.round(s.serverBytes / 2 ** 20)} MiB${perDashboard(s)}`;
      return {
        name,
        ratio: (served?.p99 ?? Infinity) / baseline,
        detail:
          `${served?.dashboards ?? 0} dashboards (target 10,000) at ${last.reportsPerSecond} reports/s; ratio: p99 there / p50 at ${first.dashboards} dashboards (${baseline} ms); ` +
          `steps ${steps.map(describe).join('; ')}${unconnected}`,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchDashboardsAllEngines() {
  const results = [];
  for (const engine of engines()) results.push(await benchDashboards(engine));
  return results;
}
