/**
 * Ingest throughput through the whole pipeline (validation, device lookup, status engine, group
 * commit, live publish), for the JSON batch API and for single-report OsmAnd requests, against the
 * baseline of raw batched inserts of the same rows into the same table; and OsmAnd single reports
 * against a bare node:http server that answers 200 to the same requests from the same load generator
 * (what HTTP alone costs on this machine).
 */
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { traccarDevice, traccarPosition } from '@flare/core/testing/traccar-forward';
import { buildOsmandServer } from '@flare/server/src/modules/telemetry/osmand-server';
import { benchCredential, engines, registerDevices, runLoad, signIn, type Engine } from './support';

const DEVICES = 1000;
const ROWS = 50_000;
const BATCH = 1000;
const OSMAND_REQUESTS = 25_000;
/** Devices reporting at once (a fleet is thousands of devices, each on its own connection). */
const OSMAND_CONCURRENCY = 256;
const OSMAND_ROUNDS = 5;
/** Positions forwarded by a Traccar server, one per request. */
const FORWARDED = 10_000;

const report = (deviceId: string, i: number, base: number) => ({
  device_id: deviceId,
  lat: 39.7 + (i % 1000) / 10_000,
  lng: -89.6 - (i % 777) / 10_000,
  timestamp: base + i,
  speed: 12,
  course: i % 360,
  accuracy: 5,
  alerting: i % 3 === 0,
});

export async function benchIngest(engine: Engine) {
  const { flare, drop } = await engine.build();
  try {
    const devices = await registerDevices(flare.db, 'BENCH', DEVICES);
    const thingIds = new Map(
      (
        await flare.db
          .selectFrom('things')
          .select(['id', 'device_id'])
          .where('device_id', 'like', 'BENCH-%')
          .execute()
      ).map((r) => [r.device_id, r.id]),
    );
    const base = Date.now() - 3_600_000;

    // Baseline: the same rows, inserted straight into the points table in batches of 1,000.
    const start = performance.now();
    for (let i = 0; i < ROWS; i += BATCH) {
      await flare.db
        .insertInto('points')
        .values(
          Array.from({ length: BATCH }, (_, j) => {
            const r = report(devices[(i + j) % DEVICES]!, i + j, base);
            return {
              thing_id: thingIds.get(r.device_id)!,
              recorded_at: new Date(r.timestamp),
              lat: r.lat,
              lng: r.lng,
              speed: r.speed,
              course: r.course,
              altitude: null,
              accuracy: r.accuracy,
              battery: null,
              alerting: r.alerting,
              in_service: null,
            };
          }),
        )
        .execute();
    }
    const rawRate = ROWS / ((performance.now() - start) / 1000);

    await flare.app.listen({ port: 0, host: '127.0.0.1' });
    const address = flare.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await signIn(flare, 'admin@springfield-pd.test');

    const batchMs = await runLoad({
      concurrency: 4,
      requests: Array.from({ length: ROWS / BATCH }, (_, b) => ({
        url: `${url}/api/ingest/points`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          points: Array.from({ length: BATCH }, (_, j) =>
            report(devices[(b * BATCH + j) % DEVICES]!, ROWS + b * BATCH + j, base),
          ),
        }),
      })),
    });
    const batchRate = ROWS / (batchMs / 1000);

    // Traccar's position forwarding: one position per request, as Traccar's JSON forwarder posts them
    // (core testing/traccar-forward.ts), for a whole fleet with one API key (docs/devices.md).
    const apiKey = (
      await flare.app.inject({
        method: 'POST',
        url: '/api/api_keys',
        headers: { authorization: `Bearer ${token}` },
        payload: { description: 'Traccar server' },
      })
    ).json<{ token: string }>().token;
    const bare = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200).end());
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareAddress = bare.address();
    const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}`;
    const forwardedRequests = (to: string, offset: number) =>
      Array.from({ length: FORWARDED }, (_, i) => {
        const r = report(devices[i % DEVICES]!, ROWS + ROWS + OSMAND_REQUESTS + offset + i, base);
        const fixTime = new Date(r.timestamp).toISOString().replace('Z', '+00:00');
        return {
          url: `${to}/api/ingest/traccar/organization`,
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
          body: JSON.stringify({
            position: traccarPosition({
              id: i,
              fixTime,
              deviceTime: fixTime,
              serverTime: fixTime,
              latitude: r.lat,
              longitude: r.lng,
              course: r.course,
              accuracy: 5,
            }),
            device: traccarDevice(r.device_id),
          }),
        };
      });
    const forwardedMs = await runLoad({
      concurrency: OSMAND_CONCURRENCY,
      requests: forwardedRequests(url, 0),
    });
    const forwardedRate = FORWARDED / (forwardedMs / 1000);
    // What one request per position allows at all: the same requests answered 200 by node:http alone.
    const bareForwardMs = await runLoad({
      concurrency: OSMAND_CONCURRENCY,
      requests: forwardedRequests(bareUrl, FORWARDED),
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
        const r = report(devices[i % DEVICES]!, from++, base);
        const query = `id=${benchCredential(r.device_id)}&lat=${r.lat}&lon=${r.lng}&timestamp=${r.timestamp}&speed=20&bearing=${r.course}&accuracy=5`;
        return { url: `${url}/?${query}`, method: 'POST' };
      });
      return requests.length / ((await runLoad({ concurrency: OSMAND_CONCURRENCY, requests })) / 1000);
    };
    const osmandRates: number[] = [];
    const bareRates: number[] = [];
    for (let round = 0; round < OSMAND_ROUNDS; round++) {
      osmandRates.push(await rateOf(osmandUrl));
      bareRates.push(await rateOf(bareUrl));
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    const osmandRate = median(osmandRates);
    const bareRate = median(bareRates);
    await osmand.close();
    await new Promise((resolve) => bare.close(resolve));

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
