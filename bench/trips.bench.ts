/**
 * Trips of one asset with 1,000,000 stored points over 30 days (a report every 2.6 s; 20 minutes
 * driving, 10 parked, lights on one drive in four), for a 24-hour window in the middle: building the
 * trip (the points' query and the run rule) against the baseline of selecting that window's raw
 * points (`select *`, oldest first), alternating rounds in one run; the ratio of the medians.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { engines, registerDevices, type Engine } from './support';

const POINTS = 1_000_000;
const DAYS = 30;
const ROUNDS = 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function benchTrips(engine: Engine) {
  const { flare, drop } = await engine.build();
  try {
    const [deviceId] = await registerDevices(flare.db, 'TRIP', 1);
    const { id: thingId } = await flare.db
      .selectFrom('things')
      .select('id')
      .where('device_id', '=', deviceId!)
      .executeTakeFirstOrThrow();
    const end = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const start = new Date(end.getTime() - DAYS * 86_400_000);
    const spacingMs = (DAYS * 86_400_000) / POINTS;
    const loading = performance.now();
    for (let from = 0; from < POINTS; from += 100_000) {
      // i-th report: minute m of its half-hour cycle drives for 20 minutes, then parks for 10.
      await sql`insert into points (thing_id, recorded_at, lat, lng, speed, course, accuracy, alerting)
        select ${thingId}::uuid, t, 39.7 + (i % 1000) * 0.0001, -89.6 - (i % 700) * 0.0001,
          case when extract(minute from t)::int % 30 < 20 then 12 + (i % 7) else 0 end,
          (i * 7) % 360, 5, (extract(hour from t)::int % 4 = 0 and extract(minute from t)::int % 30 < 20)
        from generate_series(${from}::int, ${Math.min(POINTS, from + 100_000) - 1}::int) as i,
          lateral (select ${start}::timestamptz + make_interval(secs => i * ${spacingMs / 1000}::float8)) as g(t)`.execute(
        flare.db,
      );
    }
    await sql`vacuum analyze points`.execute(flare.db);
    const loadS = (performance.now() - loading) / 1000;

    const windowStart = new Date(start.getTime() + 15 * 86_400_000);
    const windowEnd = new Date(windowStart.getTime() + 86_400_000);
    const rawPoints = () =>
      flare.db
        .selectFrom('points')
        .selectAll()
        .where('thing_id', '=', thingId)
        .where('recorded_at', '>=', windowStart)
        .where('recorded_at', '<', windowEnd)
        .orderBy('recorded_at')
        .execute();
    const trip = () => flare.app.trips.build(thingId, windowStart, windowEnd);
    await rawPoints();
    await trip();

    const timesRaw: number[] = [];
    const timesTrip: number[] = [];
    let runs = 0;
    let rows = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let at = performance.now();
      rows = (await rawPoints()).length;
      timesRaw.push(performance.now() - at);
      at = performance.now();
      runs = (await trip()).runs.length;
      timesTrip.push(performance.now() - at);
    }
    const raw = median(timesRaw);
    const built = median(timesTrip);
    return [
      {
        name: `trips of one asset, 24 h of 1,000,000 points over 30 days (${engine.name})`,
        ratio: built / raw,
        detail: `trip ${built.toFixed(0)} ms (${runs} runs) vs raw select ${raw.toFixed(0)} ms (${rows} points), median of ${ROUNDS}; loaded in ${loadS.toFixed(0)} s`,
      },
    ];
  } finally {
    await drop();
  }
}

export async function benchTripsAllEngines() {
  const results = [];
  for (const engine of engines()) results.push(...(await benchTrips(engine)));
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchTripsAllEngines())
    console.log(`${r.name}: ${r.ratio.toFixed(2)}x the baseline (${r.detail})`);
}
