/**
 * Flat as the data grow: ingest, a trip, a day's export and the live map's first load with 1,000,000
 * stored points, and again once the table has grown to 50,000,000 (POINTS_GROWTH_TO), each as a ratio
 * to its own figure at 1,000,000 in the same run (goal: at most 1.2x). The points are an agency's
 * history: 500 assets, one report each every 43 s (a day is 1,000,000 points), going back from now,
 * each month in its partition. PostgreSQL only (BENCH_DATABASE_URL or TEST_DATABASE_URL).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FlareApp } from '@flare/server/src/app';
import { PointsPartitions } from '@flare/server/src/modules/telemetry/points-partitions';
import { PointsPartitionsRepository } from '@flare/server/src/modules/telemetry/points-partitions.repository';
import { demoOrganizationId } from '@flare/server/src/seed/demo-data';
import { engines, registerDevices, signIn } from './support';

const ASSETS = 500;
const SPACING_S = 43;
const SMALL = 1_000_000;
const LARGE = Number(process.env.POINTS_GROWTH_TO ?? 50_000_000);
const CHUNK = 500_000;
const ROUNDS = 5;
const INGEST_BATCHES = 20;
const EXPORT_ASSETS = 10;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const at = performance.now();
  await run();
  return performance.now() - at;
}

interface Figures {
  ingestPerS: number;
  tripMs: number;
  exportMs: number;
  mapMs: number;
}

export async function benchPointsGrowth() {
  const engine = engines().find((e) => e.name === 'postgres');
  if (!engine) {
    console.log('points growth: skipped (PostgreSQL only: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return [];
  }
  // Loading tens of millions of rows (and vacuuming them) takes longer than a request may.
  const { flare, drop } = await engine.build({ DATABASE_STATEMENT_TIMEOUT_MS: '600000' });
  try {
    const devices = await registerDevices(flare.db, 'GROW', ASSETS);
    const things = await flare.db
      .selectFrom('things')
      .select('id')
      .where('device_id', 'in', devices)
      .orderBy('device_id')
      .execute();
    const thingIds = things.map((t) => t.id);
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);

    let stored = 0;
    let loadS = 0;
    const growTo = async (count: number) => {
      const at = performance.now();
      // The months the points reach back to, each its partition before its points arrive.
      const oldest = new Date(now.getTime() - (count / ASSETS) * SPACING_S * 1000);
      const repository = new PointsPartitionsRepository(flare.db);
      for (let month = new Date(oldest); month < now; month.setUTCMonth(month.getUTCMonth() + 1))
        await new PointsPartitions(repository, 0, () => new Date(month)).maintain();
      for (; stored < count; stored += CHUNK) {
        const end = Math.min(count, stored + CHUNK);
        // Point i: asset i % 500, SPACING_S apart per asset, the i-th newest first.
        await sql`insert into points (thing_id, recorded_at, lat, lng, speed, course, accuracy, in_service)
          select (${thingIds}::uuid[])[i % ${ASSETS} + 1],
            ${now}::timestamptz - make_interval(secs => (i / ${ASSETS}) * ${SPACING_S}::float8 + 60),
            39.7 + (i % 1000) * 0.0001, -89.6 - (i % 700) * 0.0001, (i % 30) + 0.5, (i * 7) % 360, 5, true
          from generate_series(${stored}::int, ${end - 1}::int) as i`.execute(flare.db);
      }
      await sql`vacuum analyze points`.execute(flare.db);
      loadS += (performance.now() - at) / 1000;
    };

    // Each size measured twice, the first pass discarded: the recent day is what a working system has
    // in memory (it is being written), while a bulk load of old months leaves it out of the cache.
    const reports = { at: now.getTime() };
    const steady = async () => {
      await figures(flare, thingIds, reports);
      return figures(flare, thingIds, reports);
    };
    await growTo(SMALL);
    const small = await steady();
    await growTo(LARGE);
    const large = await steady();
    const n = (count: number) => count.toLocaleString('en-US');
    const at = `${n(LARGE)} points vs ${n(SMALL)} in the same run (goal at most 1.2x; ${n(LARGE)} stored in ${loadS.toFixed(0)} s)`;
    return [
      {
        name: `ingest, JSON batch API, with ${n(LARGE)} stored points (postgres)`,
        ratio: small.ingestPerS / large.ingestPerS,
        detail: `${n(Math.round(large.ingestPerS))} vs ${n(Math.round(small.ingestPerS))} points/s: ${at}`,
      },
      {
        name: `a day's trip of one asset, with ${n(LARGE)} stored points (postgres)`,
        ratio: large.tripMs / small.tripMs,
        detail: `${large.tripMs.toFixed(0)} vs ${small.tripMs.toFixed(0)} ms: ${at}`,
      },
      {
        name: `a day's export of ${EXPORT_ASSETS} assets, with ${n(LARGE)} stored points (postgres)`,
        ratio: large.exportMs / small.exportMs,
        detail: `${large.exportMs.toFixed(0)} vs ${small.exportMs.toFixed(0)} ms: ${at}`,
      },
      {
        name: `the live map's first load of ${ASSETS} assets, with ${n(LARGE)} stored points (postgres)`,
        ratio: large.mapMs / small.mapMs,
        detail: `${large.mapMs.toFixed(1)} vs ${small.mapMs.toFixed(1)} ms: ${at}`,
      },
    ];
  } finally {
    await drop();
  }
}

/** The four figures as the table stands (medians of ROUNDS; ingest over INGEST_BATCHES batches). */
async function figures(flare: FlareApp, thingIds: string[], reports: { at: number }): Promise<Figures> {
  // Signed in afresh: loading the large table takes longer than an access token lasts.
  const headers = { authorization: `Bearer ${await signIn(flare, 'admin@springfield-pd.test')}` };
  const now = new Date(reports.at);
  const dayStart = new Date(now.getTime() - 86_400_000);
  const tripMs = median(
    await sequence(ROUNDS, (round) => timed(() => flare.app.trips.build(thingIds[round]!, dayStart, now))),
  );
  const mapMs = median(
    await sequence(ROUNDS, () =>
      timed(async () => {
        const response = await flare.app.inject({
          method: 'GET',
          url: `/api/organization/things?page=1&per_page=${ASSETS}`,
          headers,
        });
        if (response.statusCode !== 200) throw new Error(`assets refused: ${response.body}`);
      }),
    ),
  );
  const exportMs = median(
    await sequence(3, (round) => timed(() => exportDay(flare, headers, thingIds, dayStart, now, round))),
  );
  // Each batch: one new report of every second asset, after the newest stored.
  const ingestMs = await timed(async () => {
    for (let batch = 0; batch < INGEST_BATCHES; batch++) {
      reports.at += 1000;
      const response = await flare.app.inject({
        method: 'POST',
        url: '/api/ingest/points',
        headers,
        payload: {
          points: Array.from({ length: ASSETS / 2 }, (_, i) => ({
            device_id: `GROW-${(batch % 2) + i * 2}`,
            lat: 39.8 + i / 100_000,
            lng: -89.6,
            timestamp: reports.at,
          })),
        },
      });
      if (response.statusCode >= 300) throw new Error(`batch refused: ${response.body}`);
    }
  });
  return { ingestPerS: (INGEST_BATCHES * (ASSETS / 2)) / (ingestMs / 1000), tripMs, exportMs, mapMs };
}

async function sequence<T>(count: number, run: (round: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let round = 0; round < count; round++) results.push(await run(round));
  return results;
}

/** Exports a day of EXPORT_ASSETS assets' points as CSV through the export job, to its end. */
async function exportDay(
  flare: FlareApp,
  headers: Record<string, string>,
  thingIds: string[],
  start: Date,
  end: Date,
  round: number,
): Promise<void> {
  const asked = await flare.app.inject({
    method: 'POST',
    url: '/api/organization/export',
    headers,
    payload: {
      export_type: 'point',
      title: `Growth ${round}`,
      export_start_time: start.toISOString(),
      export_end_time: end.toISOString(),
      use_utc: true,
      organization_id: demoOrganizationId('springfield-pd'),
      thing_uuids: thingIds.slice(round * EXPORT_ASSETS, (round + 1) * EXPORT_ASSETS),
    },
  });
  if (asked.statusCode !== 201) throw new Error(`export refused: ${asked.body}`);
  const { id } = asked.json<{ id: string }>();
  for (;;) {
    const row = await flare.db
      .selectFrom('exports')
      .select(['status', 'error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.status === 'completed') return;
    if (row.status === 'errored') throw new Error(`export failed: ${row.error}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
