/**
 * `npm run bench:profile-ingest -w @flare/bench`: where the server's time goes per report. It samples
 * the server's own thread (the V8 profiler, through node:inspector; the load generator runs in a
 * worker thread, which is not sampled) while 1,000 devices send OsmAnd single reports over 256
 * keep-alive connections, while a Traccar server forwards positions (one JSON request each, one API
 * key) and while the JSON batch API takes them 1,000 a request. Each sample is charged to a stage of
 * the ingest path by the script it is in: Node's HTTP, a library (Fastify, the database driver,
 * PGlite, zod…) or a part of Flare's own code. Baselines profiled the same way in the same run: the
 * bare node:http server answering 200 to the same requests (what HTTP alone costs), and for the batch
 * API the same reports inserted straight into the points table.
 */
import { Session, type Profiler, type Runtime } from 'node:inspector';
import { buildOsmandServer } from '@flare/server/src/modules/telemetry/osmand-server';
import {
  benchCredential,
  benchReport,
  createApiKey,
  engines,
  forwardedPositionBody,
  rawPointInserter,
  registerDevices,
  runLoad,
  signIn,
  startBareServer,
  type Engine,
  type LoadJob,
} from './support';

const DEVICES = 1000;
const REPORTS = 20_000;
/** Reports per request of the JSON batch API, and its requests at once (as in bench/ingest.bench.ts). */
const BATCH = 1000;
const BATCH_CONCURRENCY = 4;
const CONCURRENCY = 256;

/** Stages of Flare's own code, by the source file of a sample's script (the first that matches). */
const OWN_STAGES: Array<[RegExp, string]> = [
  [/osmand\.adapter|telemetry\/osmand|traccar-forward/, 'parse the request (OsmAnd, Traccar JSON)'],
  [/api-keys|modules\/auth|auth-hook|permissions/, 'authenticate the caller (API key)'],
  [/core\/src\/telemetry\/report|core\/src\/schemas/, 'read and validate the report'],
  [/device-directory|device-rate-limit|device-credentials/, 'device lookup and limits'],
  [/thing-context|stations|context/, 'context providers (areas, stations, closures…)'],
  [/state-updates|core\/src\/status|thing-state/, 'status engine'],
  [/group-commit|ingest-pipeline/, 'pipeline and group commit'],
  [/telemetry\.repository|platform\/db/, 'commit: building the statement and reading the result'],
  [/modules\/live|platform\/bus|websockets/, 'events and live publish'],
  [/http-errors|security-headers|logging|platform/, 'request hooks (security headers, errors, logging)'],
  [/modules\//, 'sections taking in the new states (assets, incidents, alerts…)'],
];

/** Stages of the libraries (and Node's HTTP), by the script a sample is in. */
const LIBRARY_STAGES: Array<[RegExp, string]> = [
  [/^node:(_http|net|internal\/(http|stream_base|streams|net))/, 'Node HTTP and sockets'],
  [
    /fastify|find-my-way|avvio|light-my-request|fast-querystring|fast-json-stringify/,
    'Fastify (routing, hooks, reply)',
  ],
  [/secure-json-parse/, 'JSON body parsing'],
  [/\/zod\//, 'zod schemas (validation, serialising answers)'],
  // PGlite is PostgreSQL compiled to WebAssembly.
  [/pglite|^wasm:/, 'database: PGlite on this thread'],
  [/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\//, 'database: pg driver'],
  [/kysely/, 'commit: building the statement and reading the result'],
  [/helmet|pino/, 'request hooks (security headers, errors, logging)'],
];

const OWN_CODE = /\/(apps\/server\/src|packages\/core\/src)\//;
/** The benchmark's own frames (the profiler's session, starting the load generator): left out. */
const BENCH_CODE = /\/bench\//;

interface ProfileNode {
  callFrame: Runtime.CallFrame;
  children?: number[];
}

/**
 * A sample's stage: that of the first script up its stack (native frames, such as a socket write, have
 * none) that is Node's HTTP, a library or Flare's own code, other Node internals passed over; null
 * for idle time and the benchmark's own frames.
 */
function stageOfStack(frames: Runtime.CallFrame[]): string | null {
  const [leaf] = frames;
  if (!leaf || leaf.functionName === '(idle)' || leaf.functionName === '(program)') return null;
  if (leaf.functionName === '(garbage collector)') return 'garbage collection';
  for (const { url } of frames) {
    if (url === '') continue;
    if (BENCH_CODE.test(url)) return null;
    if (OWN_CODE.test(url))
      return OWN_STAGES.find(([pattern]) => pattern.test(url))?.[1] ?? 'other Flare code';
    const library = LIBRARY_STAGES.find(([pattern]) => pattern.test(url));
    if (library) return library[1];
    if (!url.startsWith('node:')) return 'other libraries';
  }
  return 'Node internals';
}

/** Microseconds of the profile per stage (idle time left out). */
function stageTimes(profile: Profiler.Profile): Map<string, number> {
  const nodes = new Map<number, ProfileNode>(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stageOfNode = new Map<number, string | null>();
  const stageOf = (id: number): string | null => {
    if (!stageOfNode.has(id)) {
      const frames: Runtime.CallFrame[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        frames.push(nodes.get(at)!.callFrame);
      }
      stageOfNode.set(id, stageOfStack(frames));
    }
    return stageOfNode.get(id)!;
  };
  const times = new Map<string, number>();
  profile.samples!.forEach((id, index) => {
    const stage = stageOf(id);
    if (stage) times.set(stage, (times.get(stage) ?? 0) + profile.timeDeltas![index]!);
  });
  return times;
}

/** Runs `load` with this thread's profiler on and answers the time per stage. */
async function profiled(load: () => Promise<unknown>): Promise<Map<string, number>> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  await load();
  const { profile } = await post<{ profile: Profiler.Profile }>('Profiler.stop');
  session.disconnect();
  return stageTimes(profile);
}

const sum = (times: Map<string, number>) => [...times.values()].reduce((a, b) => a + b, 0);

/** Prints the stages per report (each request of OsmAnd or forwarding holds one; a batch many). */
function printStages(
  title: string,
  times: Map<string, number>,
  baseline: { name: string; times: Map<string, number> },
) {
  const total = sum(times);
  const baselineTotal = sum(baseline.times);
  console.log(`\n${title}: ${REPORTS} reports, server thread µs per report`);
  console.log(`| Stage | µs per report | share |`);
  console.log(`|---|---:|---:|`);
  for (const [stage, us] of [...times].sort((a, b) => b[1] - a[1])) {
    console.log(`| ${stage} | ${(us / REPORTS).toFixed(1)} | ${((100 * us) / total).toFixed(1)}% |`);
  }
  console.log(`| **all** | **${(total / REPORTS).toFixed(1)}** | 100% |`);
  console.log(
    `${baseline.name}: ${(baselineTotal / REPORTS).toFixed(1)} µs per report (${(baselineTotal / total).toFixed(2)}x Flare's)`,
  );
}

async function profileEngine(engine: Engine) {
  const { flare, drop } = await engine.build();
  try {
    const devices = await registerDevices(flare.db, 'PROFILE', DEVICES);
    const osmand = await buildOsmandServer(flare.app.ingest, flare.app.log, { ipRequestsPerMinute: 0 });
    await osmand.listen({ port: 0, host: '127.0.0.1' });
    await flare.app.listen({ port: 0, host: '127.0.0.1' });
    const bare = await startBareServer();
    const urlOf = (server: { address(): unknown }) =>
      `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const token = await signIn(flare, 'admin@springfield-pd.test');
    const apiKey = await createApiKey(flare, token, 'Traccar server');

    const base = Date.now() - 3 * 3_600_000;
    let sent = 0;
    /** The next `count` reports, device after device, each 100 ms after the last. */
    const reports = (count: number) =>
      Array.from({ length: count }, (_, i) => {
        const at = sent++;
        return {
          device: devices[i % DEVICES]!,
          lat: 39.7 + (at % 1000) / 10_000,
          lng: -89.6 - (at % 777) / 10_000,
          at: new Date(base + at * 100),
          course: at % 360,
        };
      });
    const osmandRequests = (url: string, count: number): LoadJob['requests'] =>
      reports(count).map((r) => ({
        url: `${url}/?id=${benchCredential(r.device)}&lat=${r.lat}&lon=${r.lng}&timestamp=${r.at.getTime()}&speed=20&bearing=${r.course}&accuracy=5`,
        method: 'POST',
      }));
    const forwardedRequests = (url: string, count: number): LoadJob['requests'] =>
      reports(count).map((r, i) => ({
        url: `${url}/api/ingest/traccar/organization`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: forwardedPositionBody(i, r.device, r),
      }));
    const batchReports = (count: number) =>
      reports(count).map((r) => ({ ...benchReport(r.device, 0, 0), timestamp: r.at.getTime() }));
    const batchRequests = (url: string, count: number): LoadJob['requests'] =>
      Array.from({ length: count / BATCH }, () => ({
        url: `${url}/api/ingest/points`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ points: batchReports(BATCH) }),
      }));
    const insertRaw = await rawPointInserter(flare.db, devices);
    const load = (requests: LoadJob['requests'], concurrency = CONCURRENCY) =>
      runLoad({ concurrency, requests });

    // Warm up: the first report of each device loads its route and creates its state.
    await load(osmandRequests(urlOf(osmand.server), 2 * DEVICES));
    await load(forwardedRequests(urlOf(flare.app.server), 2 * DEVICES));
    // The requests are made before the profiler starts: only serving them is sampled.
    const profileOf = async (requests: LoadJob['requests']) => profiled(() => load(requests));
    const osmandTimes = await profileOf(osmandRequests(urlOf(osmand.server), REPORTS));
    const bareOsmandTimes = await profileOf(osmandRequests(bare.url, REPORTS));
    const forwardedTimes = await profileOf(forwardedRequests(urlOf(flare.app.server), REPORTS));
    const bareForwardedTimes = await profileOf(forwardedRequests(bare.url, REPORTS));
    const batches = batchRequests(urlOf(flare.app.server), REPORTS);
    const batchTimes = await profiled(() => load(batches, BATCH_CONCURRENCY));
    const raw = batchReports(REPORTS);
    const rawTimes = await profiled(() => insertRaw(raw, BATCH));
    await osmand.close();
    await bare.close();

    const bareHttp = (times: Map<string, number>) => ({ name: 'bare node:http, the same requests', times });
    printStages(`OsmAnd single reports, ${engine.name}`, osmandTimes, bareHttp(bareOsmandTimes));
    printStages(`Traccar forwarded positions, ${engine.name}`, forwardedTimes, bareHttp(bareForwardedTimes));
    printStages(`JSON batch API, ${BATCH} reports a request, ${engine.name}`, batchTimes, {
      name: 'raw batched inserts of the same reports (this thread, both engines)',
      times: rawTimes,
    });
  } finally {
    await drop();
  }
}

for (const engine of engines()) await profileEngine(engine);
process.exit(0);
