/**
 * Ingest throughput through the whole pipeline (validation, device lookup, status engine, group
 * commit, live publish), for the JSON batch API and for single-report OsmAnd requests, against the
 * baseline of raw batched inserts of the same rows into the same table; and OsmAnd single reports
 * against a bare node:http server that answers 200 to the same requests from the same load generator
 * (what HTTP alone costs on this machine).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import amqp from 'amqplib';
import { buildOsmandServer } from '@flare/server/src/modules/telemetry/osmand-server';
import { traccarQueue } from '@flare/server/src/modules/telemetry/traccar-amqp.adapter';
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
} from './support';
import { amqpBrokerAnswers } from '@flare/server/test/amqp-broker';

const DEVICES = 1000;
const ROWS = 50_000;
const BATCH = 1000;
const OSMAND_REQUESTS = 25_000;
/** Devices reporting at once (a fleet is thousands of devices, each on its own connection). */
const OSMAND_CONCURRENCY = 256;
const OSMAND_ROUNDS = 5;
/** Positions forwarded by a Traccar server, one per request. */
const FORWARDED = 10_000;
/** Positions a Traccar server publishes to RabbitMQ: as many as the JSON batch API stores. */
const PUBLISHED = ROWS;
/** The RabbitMQ broker of Traccar's AMQP forwarding; its figure is left out when none answers. */
const AMQP_URL = process.env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

const cpuSeconds = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1e6;

/**
 * A publisher process (amqp-publisher.mjs), as Traccar's AMQP forwarder publishes, connected and
 * waiting: `publish()` starts it and resolves with how long publishing took.
 */
async function amqpPublisher(exchange: string, routingKey: string, bodies: string[]) {
  const bodiesFile = path.join(mkdtempSync(path.join(tmpdir(), 'flare-bench-')), 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const child = fork(new URL('./amqp-publisher.mjs', import.meta.url));
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      child.once('message', resolve);
      child.once('error', reject);
    });
  const ready = next();
  child.send({ url: AMQP_URL, exchange, routingKey, bodiesFile });
  await ready;
  return {
    async publish(): Promise<number> {
      const done = next();
      child.send('go');
      const { ms } = (await done) as { ms: number };
      rmSync(path.dirname(bodiesFile), { recursive: true, force: true });
      return ms;
    },
  };
}

export async function benchIngest(engine: Engine) {
  const broker = await amqpBrokerAnswers(AMQP_URL);
  if (!broker) console.warn(`Traccar AMQP forwarding left out: no broker answered at ${AMQP_URL}`);
  /** This run's own exchange (Flare's queue on it goes with it). */
  const exchange = `flare-bench-${randomUUID()}`;
  const { flare, drop } = await engine.build(
    broker ? { TRACCAR_AMQP_URL: AMQP_URL, TRACCAR_AMQP_EXCHANGE: exchange } : {},
  );
  try {
    const devices = await registerDevices(flare.db, 'BENCH', DEVICES);
    const base = Date.now() - 3_600_000;

    // Baseline: the same rows, inserted straight into the points table in batches of 1,000.
    const insertRaw = await rawPointInserter(flare.db, devices);
    const rawReports = Array.from({ length: ROWS }, (_, i) => benchReport(devices[i % DEVICES]!, i, base));
    const start = performance.now();
    await insertRaw(rawReports, BATCH);
    const rawRate = ROWS / ((performance.now() - start) / 1000);

    await flare.app.listen({ port: 0, host: '127.0.0.1' });
    const address = flare.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await signIn(flare, 'admin@springfield-pd.test');

    const batchCpuBefore = process.cpuUsage();
    const batchMs = await runLoad({
      concurrency: 4,
      requests: Array.from({ length: ROWS / BATCH }, (_, b) => ({
        url: `${url}/api/ingest/points`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          points: Array.from({ length: BATCH }, (_, j) =>
            benchReport(devices[(b * BATCH + j) % DEVICES]!, ROWS + b * BATCH + j, base),
          ),
        }),
      })),
    });
    const batchRate = ROWS / (batchMs / 1000);
    // The server's CPU time per point (the load generator's thread sends 50 requests: next to nothing).
    const batchCpu = cpuSeconds(process.cpuUsage(batchCpuBefore)) / ROWS;

    // Traccar's position forwarding: one position per request, as Traccar's JSON forwarder posts them
    // (core testing/traccar-forward.ts), for a whole fleet with one API key (docs/devices.md).
    const apiKey = await createApiKey(flare, token, 'Traccar server');
    const bare = await startBareServer();
    /** Traccar's forwarded position `i` (a device of the fleet in turn), the report numbered `at`. */
    const forwardedBody = (i: number, at: number) => {
      const r = benchReport(devices[i % DEVICES]!, at, base);
      return forwardedPositionBody(i, r.device_id, { ...r, at: new Date(r.timestamp) });
    };
    const forwardedRequests = (to: string, offset: number) =>
      Array.from({ length: FORWARDED }, (_, i) => ({
        url: `${to}/api/ingest/traccar/organization`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: forwardedBody(i, 2 * ROWS + OSMAND_REQUESTS + offset + i),
      }));
    // Traccar's AMQP forwarding: the same positions published to RabbitMQ with the key as routing key,
    // timed from the first publish until the pipeline has stored the last.
    let publishedRate = Number.NaN;
    let publishedCpu = Number.NaN;
    if (broker) {
      const publisher = await amqpPublisher(
        exchange,
        apiKey,
        Array.from({ length: PUBLISHED }, (_, i) => forwardedBody(i, 4 * ROWS + OSMAND_REQUESTS + i)),
      );
      const acceptedBefore = flare.app.ingest.stats.accepted;
      const cpuBefore = process.cpuUsage();
      const start = performance.now();
      await publisher.publish();
      while (flare.app.ingest.stats.accepted < acceptedBefore + PUBLISHED)
        await new Promise((resolve) => setTimeout(resolve, 5));
      publishedRate = PUBLISHED / ((performance.now() - start) / 1000);
      publishedCpu = cpuSeconds(process.cpuUsage(cpuBefore)) / PUBLISHED;
      const cleanup = await amqp.connect(AMQP_URL);
      const channel = await cleanup.createChannel();
      await channel.deleteQueue(traccarQueue(exchange));
      await channel.deleteExchange(exchange);
      await cleanup.close();
    }

    const forwardedMs = await runLoad({
      concurrency: OSMAND_CONCURRENCY,
      requests: forwardedRequests(url, 0),
    });
    const forwardedRate = FORWARDED / (forwardedMs / 1000);
    // What one request per position allows at all: the same requests answered 200 by node:http alone.
    const bareForwardMs = await runLoad({
      concurrency: OSMAND_CONCURRENCY,
      requests: forwardedRequests(bare.url, FORWARDED),
    });
    const bareForwardRate = FORWARDED / (bareForwardMs / 1000);

    // OsmAnd devices report to the dedicated listener (port 5055 in production), as Traccar Client does.
    const osmand = await buildOsmandServer(flare.app.ingest, flare.app.log, { ipRequestsPerMinute: 0 });
    await osmand.listen({ port: 0, host: '127.0.0.1' });
    const osmandAddress = osmand.server.address();
    const osmandUrl = `http://127.0.0.1:${typeof osmandAddress === 'object' && osmandAddress ? osmandAddress.port : 0}`;

    // Flare and the bare server take turns (the same requests, the same load generator), so a noisy
    // moment on the shared machine hits both; the medians of the rounds are compared.
    let from = 2 * ROWS;
    const rateOf = async (url: string) => {
      const requests = Array.from({ length: OSMAND_REQUESTS / OSMAND_ROUNDS }, (_, i) => {
        const r = benchReport(devices[i % DEVICES]!, from++, base);
        const query = `id=${benchCredential(r.device_id)}&lat=${r.lat}&lon=${r.lng}&timestamp=${r.timestamp}&speed=20&bearing=${r.course}&accuracy=5`;
        return { url: `${url}/?${query}`, method: 'POST' };
      });
      return requests.length / ((await runLoad({ concurrency: OSMAND_CONCURRENCY, requests })) / 1000);
    };
    const osmandRates: number[] = [];
    const bareRates: number[] = [];
    for (let round = 0; round < OSMAND_ROUNDS; round++) {
      osmandRates.push(await rateOf(osmandUrl));
      bareRates.push(await rateOf(bare.url));
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    const osmandRate = median(osmandRates);
    const bareRate = median(bareRates);
    await osmand.close();
    await bare.close();

    return [
      {
        name: `ingest, JSON batch API (${engine.name})`,
        ratio: batchRate / rawRate,
        detail: `${Math.round(batchRate)} points/s vs raw batched inserts ${Math.round(rawRate)} rows/s`,
      },
      {
        name: `ingest, Traccar forwarded positions vs the JSON batch API (${engine.name})`,
        ratio: forwardedRate / batchRate,
        detail: `${Math.round(forwardedRate)} positions/s, one per request, vs ${Math.round(batchRate)} points/s in batches of ${BATCH} (goal 0.8x)`,
      },
      ...(broker
        ? [
            {
              name: `ingest, Traccar positions through RabbitMQ vs the JSON batch API (${engine.name})`,
              ratio: publishedRate / batchRate,
              detail: `${Math.round(publishedRate)} positions/s, one per message (Traccar's AMQP forwarder publishing from another process on the same cores, beside RabbitMQ), vs ${Math.round(batchRate)} points/s in batches of ${BATCH} (goal 0.8x)`,
            },
            {
              name: `ingest, Traccar positions through RabbitMQ vs the JSON batch API, per CPU second of the server (${engine.name})`,
              ratio: batchCpu / publishedCpu,
              detail: `${Math.round(1 / publishedCpu)} positions per CPU second vs ${Math.round(1 / batchCpu)} points per CPU second: what the server takes where Traccar and RabbitMQ run on other machines`,
            },
          ]
        : []),
      {
        name: `ingest, Traccar forwarded positions vs a bare node:http server (${engine.name})`,
        ratio: forwardedRate / bareForwardRate,
        detail: `${Math.round(forwardedRate)} positions/s stored vs ${Math.round(bareForwardRate)} of the same requests/s answered 200 by node:http alone, itself ${(bareForwardRate / batchRate).toFixed(2)}x the JSON batch API`,
      },
      {
        name: `ingest, OsmAnd single reports (${engine.name})`,
        ratio: osmandRate / rawRate,
        detail: `${Math.round(osmandRate)} points/s vs raw batched inserts ${Math.round(rawRate)} rows/s`,
      },
      {
        name: `ingest, OsmAnd single reports vs a bare node:http server (${engine.name})`,
        ratio: osmandRate / bareRate,
        detail: `${Math.round(osmandRate)} reports/s stored vs ${Math.round(bareRate)} requests/s answered 200 by node:http alone (target 0.6x)`,
      },
    ];
  } finally {
    await drop();
  }
}

export async function benchIngestAllEngines() {
  const results = [];
  for (const engine of engines()) results.push(...(await benchIngest(engine)));
  return results;
}
