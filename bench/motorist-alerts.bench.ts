/**
 * Motorist alerts reaching vehicles: a server process with VEHICLES simulated vehicles connected
 * (gateways of 10,000, positions every 5 s, spread over a 30 km square around Springfield) while
 * responders form INCIDENTS incidents (each police car stops with its lights on: two OsmAnd reports
 * the dwell time apart in report time) and CLOSURES closures switch on, one after another across it;
 * from the completing report's (or the switch's) answer to the alert at every vehicle it concerns,
 * p50 and p99, against the same for a single connected vehicle measured in the same run; again with
 * two processes behind the bus (half the fleet on each) when the run has PostgreSQL and NATS. Also the
 * server's resident memory per connected vehicle (goal 2 kB).
 * `BENCH_VEHICLES` sets the fleet (default 100,000).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import destination from '@turf/destination';
import { alertDistanceFor, nearestPart } from '@flare/core/alerts/alert-relevance';
import { metresBetween, SCENE_RULES } from '@flare/core/incidents/scene-rules';
import type { Alert } from '@flare/core/schemas/alert';
import { demoOrganizationId } from '@flare/server/src/seed/demo-data';
import { thingTypeId } from '@flare/server/src/seed/reference-data';
import { startServerProcess, type ServerProcess } from '@flare/server/test/server-process';
import { BENCH_PASSWORD, engines, percentile } from './support';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 100_000);
const PER_CONNECTION = 10_000;
const POSITION_INTERVAL_MS = 5_000;
const CLOSURES = 50;
const INCIDENTS = 50;
/** Between one switch (or incident) and the next. */
const GAP_MS = 200;
const BASELINE_SWITCHES = 10;
const CENTRE: [number, number] = [-89.6501, 39.7817];
const AREA_M = 30_000;
const ADMIN = 'admin@springfield-pd.test';
/** Registers the responders' devices (an Org Admin's or a platform administrator's task). */
const PLATFORM_ADMIN = 'platform@prairie-fleet.test';

type FleetMessage = { type: 'connected' } | { type: 'receipts'; receipts: Array<[string, number[]]> };

interface Vehicle {
  id: string;
  lat: number;
  lng: number;
  heading: number;
}

/** A seeded generator, so each run spreads the fleet the same way. */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

function pointAt(rand: () => number): [number, number] {
  const east = (rand() - 0.5) * AREA_M;
  const north = (rand() - 0.5) * AREA_M;
  const across = destination(CENTRE, Math.abs(east), east >= 0 ? 90 : 270, { units: 'meters' });
  return destination(across, Math.abs(north), north >= 0 ? 0 : 180, { units: 'meters' }).geometry
    .coordinates as [number, number];
}

async function signIn(server: ServerProcess, email: string): Promise<string> {
  const response = await fetch(`${server.url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: email, password: BENCH_PASSWORD }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

async function call<T>(url: string, token: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A fleet in a worker thread; resolves once every connection has sent its first positions. */
function startFleet(url: string, key: string, vehicles: Vehicle[]) {
  const worker = new Worker(new URL('./vehicle-fleet.mjs', import.meta.url), {
    workerData: { url, key, vehicles, perConnection: PER_CONNECTION, intervalMs: POSITION_INTERVAL_MS },
  });
  const waiting = new Map<
    string,
    { resolve: (message: FleetMessage) => void; reject: (error: Error) => void }
  >();
  worker.on('message', (message: FleetMessage) => {
    waiting.get(message.type)?.resolve(message);
    waiting.delete(message.type);
  });
  worker.on('error', (error) => {
    for (const { reject } of waiting.values()) reject(error);
  });
  const next = (type: FleetMessage['type']) =>
    new Promise<FleetMessage>((resolve, reject) => waiting.set(type, { resolve, reject }));
  return {
    connected: next('connected'),
    async receipts(): Promise<Map<string, number[]>> {
      const reply = next('receipts');
      worker.postMessage('receipts');
      const message = await reply;
      return new Map(message.type === 'receipts' ? message.receipts : []);
    },
    stop: () => worker.postMessage('stop'),
  };
}

const closureBody = (from: [number, number], on: boolean) => ({
  closure_type: 'manual',
  description: 'Bench closure',
  alert_message: 'Road closed',
  direction: 'E',
  user_route: {
    type: 'LineString',
    coordinates: [from, destination(from, 500, 90, { units: 'meters' }).geometry.coordinates],
  },
  is_active: on,
  ...(on ? { end_time: new Date(Date.now() + 3_600_000).toISOString() } : {}),
});

/** Switches closures on, one at a time; when each switch was answered, by alert id. */
async function switchOn(base: string, token: string, starts: Array<[number, number]>, gapMs: number) {
  const answered = new Map<string, number>();
  for (const from of starts) {
    const { id } = await call<{ id: string }>(
      `${base}/api/organization/closure`,
      token,
      'POST',
      closureBody(from, true),
    );
    answered.set(`closure:${id}`, Date.now());
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  return answered;
}

/** Waits until the receipts stop growing (every vehicle concerned has heard). */
async function settledReceipts(fleet: ReturnType<typeof startFleet>): Promise<Map<string, number[]>> {
  let last = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const receipts = await fleet.receipts();
    const total = [...receipts.values()].reduce((sum, times) => sum + times.length, 0);
    if (total === last) return receipts;
    last = total;
  }
}

function latencies(answered: Map<string, number>, receipts: Map<string, number[]>): number[] {
  return [...answered]
    .flatMap(([alertId, at]) => (receipts.get(alertId) ?? []).map((heard) => heard - at))
    .sort((a, b) => a - b);
}

const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';

/** Whether a NATS server answers (the bus two processes share). */
async function natsAnswers(): Promise<boolean> {
  try {
    const { connect } = await import('nats');
    await (await connect({ servers: NATS_URL, timeout: 5_000, reconnect: false })).close();
    return true;
  } catch {
    return false;
  }
}

const socketOf = (server: ServerProcess) => `${server.url.replace('http', 'ws')}/api/alerts/vehicles`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Phase {
  /** Completing report's or switch's answer to receipt, sorted, ms. */
  latencies: number[];
  /** Vehicle-alerts core's rule says concern the fleet. */
  concerned: number;
}

/** Every receipt's latency from its alert's `answered` time, and how many receipts core's rule expects. */
async function measured(
  server: ServerProcess,
  token: string,
  fleets: Array<ReturnType<typeof startFleet>>,
  vehicles: Vehicle[],
  answered: Map<string, number>,
): Promise<Phase> {
  const receipts = new Map<string, number[]>();
  for (const fleet of fleets)
    for (const [alertId, times] of await settledReceipts(fleet))
      receipts.set(alertId, [...(receipts.get(alertId) ?? []), ...times]);
  const { alerts } = await call<{ alerts: Alert[] }>(`${server.url}/api/alerts`, token, 'GET');
  const concerned = alerts
    .filter((alert) => answered.has(alert.id))
    .reduce((sum, alert) => sum + vehicles.filter((v) => alertDistanceFor(alert, v) !== null).length, 0);
  return { latencies: latencies(answered, receipts), concerned };
}

/**
 * A police car registered through the API for each place (its device credential), the places spread
 * across the area at least twice the join radius apart, so that each forms a scene of its own.
 */
async function registerResponders(server: ServerProcess, token: string, count: number, rand: () => number) {
  const places: Array<[number, number]> = [];
  while (places.length < count) {
    const at = pointAt(rand);
    const apart = ([lng, lat]: [number, number]) =>
      metresBetween({ lng, lat }, { lng: at[0], lat: at[1] }) > 2 * SCENE_RULES.joinRadiusM;
    if (places.every(apart)) places.push(at);
  }
  const responders: Array<{ credential: string; at: [number, number] }> = [];
  for (const [i, at] of places.entries()) {
    const created = await call<{ device_credential: { device_credential: string } }>(
      `${server.url}/api/things`,
      token,
      'POST',
      {
        device_id: `BENCH-SCENE-${i}`,
        thing_type_id: thingTypeId('police'),
        organization_id: demoOrganizationId('springfield-pd'),
      },
    );
    responders.push({ credential: created.device_credential.device_credential, at });
  }
  return responders;
}

/** An OsmAnd report of a police car standing with its lights on, `msAgo` in report time. */
async function standingReport(
  server: ServerProcess,
  credential: string,
  at: [number, number],
  msAgo: number,
) {
  const query = new URLSearchParams({
    id: credential,
    lat: String(at[1]),
    lon: String(at[0]),
    timestamp: String(Math.floor((Date.now() - msAgo) / 1000)),
    speed: '0',
    alerting: '1',
    bearing: '90',
  });
  const response = await fetch(`${server.osmandUrl}/?${query.toString()}`, { method: 'POST' });
  if (!response.ok) throw new Error(`OsmAnd report: ${response.status} ${await response.text()}`);
}

/**
 * Each responder stops with its lights on where it is placed and stays for the dwell time in report
 * time: its second report completes the incident. Answers when each scene's completing report was
 * answered, by its alert's id.
 */
async function formIncidents(
  server: ServerProcess,
  token: string,
  responders: Array<{ credential: string; at: [number, number] }>,
): Promise<Map<string, number>> {
  const formed: Array<{ at: [number, number]; completed: number }> = [];
  for (const { credential, at } of responders) {
    await standingReport(server, credential, at, SCENE_RULES.dwellMs + 10_000);
    await standingReport(server, credential, at, 2_000);
    formed.push({ at, completed: Date.now() });
    await pause(GAP_MS);
  }
  // The scene each responder formed (or joined): the scene alert nearest where it stopped.
  const sceneOf = (alerts: Alert[], [lng, lat]: [number, number]) =>
    alerts.find(
      (alert) =>
        alert.type === 'responder_scene' &&
        nearestPart(alert, { lat, lng, heading: null }).metres <= SCENE_RULES.joinRadiusM,
    );
  let alerts: Alert[] = [];
  do {
    await pause(200);
    alerts = (await call<{ alerts: Alert[] }>(`${server.url}/api/alerts`, token, 'GET')).alerts;
  } while (!formed.every(({ at }) => sceneOf(alerts, at)));
  const answered = new Map<string, number>();
  for (const { at, completed } of formed) {
    const { id } = sceneOf(alerts, at)!;
    if (!answered.has(id)) answered.set(id, completed);
  }
  return answered;
}

/**
 * The responders form their incidents, then CLOSURES closures switch on across the area (both through
 * the first server) while `fleets` are connected; the latencies of every receipt of each, and how many
 * core's rule expects.
 */
async function alertPhases(
  server: ServerProcess,
  token: string,
  fleets: Array<ReturnType<typeof startFleet>>,
  vehicles: Vehicle[],
  rand: () => number,
  responders: Array<{ credential: string; at: [number, number] }>,
): Promise<{ incidents: Phase; closures: Phase }> {
  const scenes = await formIncidents(server, token, responders);
  const incidents = await measured(server, token, fleets, vehicles, scenes);
  const starts = Array.from({ length: CLOSURES }, () => pointAt(rand));
  const switched = await switchOn(server.url, token, starts, GAP_MS);
  const closures = await measured(server, token, fleets, vehicles, switched);
  return { incidents, closures };
}

export async function benchMotoristAlerts() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-bench-alerts-'));
  // PostgreSQL when the run has one: PGlite keeps the database in the server process, whose memory
  // then swings by more than the vehicles take. Two processes need it, and NATS between them.
  const engine = engines().find((e) => e.freshDatabaseUrl) ?? null;
  const database = engine ? await engine.freshDatabaseUrl!() : null;
  const nats = database !== null && (await natsAnswers());
  const env = {
    DATABASE_URL: database?.url ?? '',
    DATA_DIR: dataDir,
    STATUS_SWEEP_MS: '0',
    SIMULATOR: 'false',
    DEMO_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'error',
  };
  // One process as a single-server installation runs: its bus in memory.
  const servers = [await startServerProcess(env)];
  const server = servers[0]!;
  try {
    const token = await signIn(server, ADMIN);
    const { token: key } = await call<{ token: string }>(`${server.url}/api/api_keys`, token, 'POST', {
      description: 'Bench fleet',
      scopes: ['alerts:read'],
    });

    // Baseline: one vehicle, 300 m west of a closure switched on and off again.
    const lone = startFleet(socketOf(server), key, [
      { id: 'lone', lat: CENTRE[1], lng: CENTRE[0], heading: 90 },
    ]);
    await lone.connected;
    const near = destination(CENTRE, 300, 90, { units: 'meters' }).geometry.coordinates as [number, number];
    const loneAnswered = new Map<string, number>();
    for (let i = 0; i < BASELINE_SWITCHES; i += 1) {
      const answered = await switchOn(server.url, token, [near], 0);
      const [alertId, at] = [...answered][0]!;
      loneAnswered.set(alertId, at);
      while (!(await lone.receipts()).has(alertId)) await pause(20);
      await call(
        `${server.url}/api/organization/closure/${alertId.slice('closure:'.length)}`,
        token,
        'PUT',
        closureBody(near, false),
      );
    }
    const baseline = latencies(loneAnswered, await lone.receipts());
    lone.stop();

    // One process: its memory idle, then with the fleet connected.
    await pause(3_000);
    const idle = residentBytes(server.child.pid!);
    const rand = random(7);
    const vehicles: Vehicle[] = Array.from({ length: VEHICLES }, (_, i) => {
      const [lng, lat] = pointAt(rand);
      return {
        id: `v${i}`,
        lat: Math.round(lat * 1e6) / 1e6,
        lng: Math.round(lng * 1e6) / 1e6,
        heading: Math.floor(rand() * 360),
      };
    });
    const fleet = startFleet(socketOf(server), key, vehicles);
    await fleet.connected;
    await pause(POSITION_INTERVAL_MS * 2);
    const connectedBytes = residentBytes(server.child.pid!);
    // Responders for both runs, placed apart from each other, so the second run's form scenes of their own.
    const responders = await registerResponders(
      server,
      await signIn(server, PLATFORM_ADMIN),
      2 * INCIDENTS,
      rand,
    );
    const one = await alertPhases(server, token, [fleet], vehicles, rand, responders.slice(0, INCIDENTS));
    fleet.stop();

    // Two processes behind the bus (NATS): half the fleet on each, incidents and closures through the first.
    let two: typeof one | null = null;
    if (nats) {
      await server.stop();
      servers.length = 0;
      servers.push(await startServerProcess({ ...env, NATS_URL }));
      servers.push(await startServerProcess({ ...env, NATS_URL }));
      const halves = [vehicles.slice(0, VEHICLES / 2), vehicles.slice(VEHICLES / 2)];
      const fleets = servers.map((s, i) => startFleet(socketOf(s), key, halves[i]!));
      await Promise.all(fleets.map((f) => f.connected));
      await pause(POSITION_INTERVAL_MS * 2);
      two = await alertPhases(servers[0]!, token, fleets, vehicles, rand, responders.slice(INCIDENTS));
      for (const f of fleets) f.stop();
    }

    const p = (sorted: number[], q: number) => Math.round(percentile(sorted, q));
    const figures = ({ latencies: l, concerned }: Phase, what: string) =>
      `${what}: p50 ${p(l, 50)} ms, p99 ${p(l, 99)} ms over ${l.length} receipts (${concerned} expected by core's rule)`;
    const lonely = `one connected vehicle: p50 ${p(baseline, 50)} ms, p99 ${p(baseline, 99)} ms`;
    const result = (run: typeof one, where: string) => {
      const all = [...run.incidents.latencies, ...run.closures.latencies].sort((a, b) => a - b);
      return {
        name: `motorist alert to ${VEHICLES} vehicles on ${where}, p99 (goal ≤ 1 s)`,
        ratio: percentile(all, 99) / Math.max(1, percentile(baseline, 99)),
        detail: [
          `all: p99 ${p(all, 99)} ms`,
          figures(run.incidents, `${INCIDENTS} incidents formed`),
          figures(run.closures, `${CLOSURES} closures switched on`),
          lonely,
        ].join('; '),
      };
    };
    const perVehicle = (connectedBytes - idle) / VEHICLES;
    return [
      result(one, 'one process'),
      ...(two ? [result(two, 'two processes behind the bus')] : []),
      {
        name: `server memory per connected vehicle (goal ≤ 2 kB)`,
        ratio: connectedBytes / idle,
        detail: `${Math.round(perVehicle)} bytes per vehicle: ${Math.round(connectedBytes / 1e6)} MB resident with ${VEHICLES} vehicles vs ${Math.round(idle / 1e6)} MB before they connected (${database ? 'PostgreSQL' : 'PGlite, in the server process: a rough figure'})`,
      },
    ];
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchMotoristAlerts())
    console.log(`${r.name}: ${r.ratio.toFixed(2)}x the baseline (${r.detail})`);
}
