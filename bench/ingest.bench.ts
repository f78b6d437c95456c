/**
 * Ingest throughput through the whole pipeline (validation, device lookup, status engine, group
 * commit, live publish), for the JSON batch API and for single-report OsmAnd requests, against the
 * baseline of raw batched inserts of the same rows into the same table.
 */
import { performance } from 'node:perf_hooks';
import { buildOsmandServer } from '@flare/server/src/modules/telemetry/osmand-server';
import { benchCredential, engines, registerDevices, runLoad, signIn, type Engine } from './support';

const DEVICES = 1000;
const ROWS = 50_000;
const BATCH = 1000;
const OSMAND_REQUESTS = 10_000;

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

    // OsmAnd devices report to the dedicated listener (port 5055 in production), as Traccar Client does.
    const osmand = await buildOsmandServer(flare.app.ingest, flare.app.log, { ipRequestsPerMinute: 0 });
    await osmand.listen({ port: 0, host: '127.0.0.1' });
    const osmandAddress = osmand.server.address();
    const osmandUrl = `http://127.0.0.1:${typeof osmandAddress === 'object' && osmandAddress ? osmandAddress.port : 0}`;
    const osmandMs = await runLoad({
      concurrency: 64,
      requests: Array.from({ length: OSMAND_REQUESTS }, (_, i) => {
        const r = report(devices[i % DEVICES]!, 2 * ROWS + i, base);
        const query = `id=${benchCredential(r.device_id)}&lat=${r.lat}&lon=${r.lng}&timestamp=${r.timestamp}&speed=20&bearing=${r.course}&accuracy=5`;
        return { url: `${osmandUrl}/?${query}`, method: 'POST' };
      }),
    });
    const osmandRate = OSMAND_REQUESTS / (osmandMs / 1000);
    await osmand.close();

    return [
      {
        name: `ingest, JSON batch API (${engine.name})`,
        ratio: batchRate / rawRate,
        detail: `${Math.round(batchRate)} points/s vs raw batched inserts ${Math.round(rawRate)} rows/s`,
      },
      {
        name: `ingest, OsmAnd single reports (${engine.name})`,
        ratio: osmandRate / rawRate,
        detail: `${Math.round(osmandRate)} points/s vs raw batched inserts ${Math.round(rawRate)} rows/s`,
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
