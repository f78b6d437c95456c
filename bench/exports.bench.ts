/**
 * A points export of 1,000,000 stored reports (one asset, 30 days) as CSV through the export job
 * (cursor, CSV writer, file store), against the baseline of PostgreSQL writing the same rows itself:
 * `COPY (SELECT ...) TO STDOUT WITH CSV` streamed into a file, alternating rounds in one run; the
 * ratio of the throughputs (median rounds), and how much the server's memory grew during an export.
 * PostgreSQL only (BENCH_DATABASE_URL or TEST_DATABASE_URL).
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { demoOrganizationId } from '@flare/server/src/seed/demo-data';
import { engines, registerDevices, signIn, type Engine } from './support';

const POINTS = 1_000_000;
const DAYS = 30;
const ROUNDS = 3;
const SAMPLE_MS = 50;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function benchExports(engine: Engine) {
  const { flare, drop } = await engine.build();
  const { database } = flare.app;
  if (database.engine !== 'postgres') throw new Error('the COPY baseline needs PostgreSQL');
  const { url } = database;
  const scratch = mkdtempSync(path.join(tmpdir(), 'flare-bench-copy-'));
  try {
    const [deviceId] = await registerDevices(flare.db, 'EXPORT', 1);
    const { id: thingId } = await flare.db
      .selectFrom('things')
      .select('id')
      .where('device_id', '=', deviceId!)
      .executeTakeFirstOrThrow();
    const end = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const start = new Date(end.getTime() - DAYS * 86_400_000);
    const spacingS = (DAYS * 86_400) / POINTS;
    const loading = performance.now();
    for (let from = 0; from < POINTS; from += 100_000)
      await sql`insert into points (thing_id, recorded_at, lat, lng, speed, course, accuracy, battery, in_service)
        select ${thingId}::uuid, ${start}::timestamptz + make_interval(secs => i * ${spacingS}::float8),
          39.7 + (i % 1000) * 0.0001, -89.6 - (i % 700) * 0.0001, (i % 30) + 0.5, (i * 7) % 360, 5, 80, true
        from generate_series(${from}::int, ${Math.min(POINTS, from + 100_000) - 1}::int) as i`.execute(
        flare.db,
      );
    await sql`vacuum analyze points`.execute(flare.db);
    const loadS = (performance.now() - loading) / 1000;

    // The same rows and columns the export writes, in its order, written by PostgreSQL itself.
    const copy = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const stream = client.query(
          copyTo(`COPY (SELECT p.thing_id, t.nickname, t.device_id, p.recorded_at, p.received_at, p.lat, p.lng,
              p.speed, p.course, p.altitude, p.accuracy, p.hdop, p.battery, p.charging, p.alerting, p.in_service,
              p.alarm, p.driver_unique_id, p.valid, p.accepted
            FROM points p JOIN things t ON t.id = p.thing_id
            WHERE p.thing_id = '${thingId}' AND p.recorded_at >= '${start.toISOString()}' AND p.recorded_at < '${end.toISOString()}'
            ORDER BY p.recorded_at, p.lat, p.lng) TO STDOUT WITH CSV HEADER`),
        );
        await pipeline(stream, createWriteStream(path.join(scratch, 'copy.csv')));
      } finally {
        await client.end();
      }
    };

    const headers = { authorization: `Bearer ${await signIn(flare, 'admin@springfield-pd.test')}` };
    const exportOnce = async () => {
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), SAMPLE_MS);
      try {
        const asked = await flare.app.inject({
          method: 'POST',
          url: '/api/organization/export',
          headers,
          payload: {
            export_type: 'point',
            title: 'Bench points',
            export_start_time: start.toISOString(),
            export_end_time: end.toISOString(),
            use_utc: false,
            organization_id: demoOrganizationId('springfield-pd'),
            thing_uuids: [thingId],
          },
        });
        if (asked.statusCode !== 201) throw new Error(`export refused: ${asked.body}`);
        const { id } = asked.json<{ id: string }>();
        for (;;) {
          const row = await flare.db
            .selectFrom('exports')
            .select(['status', 'rows_written', 'error'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          if (row.status === 'completed') {
            if (Number(row.rows_written) !== POINTS) throw new Error(`exported ${row.rows_written} rows`);
            break;
          }
          if (row.status === 'errored') throw new Error(`export failed: ${row.error}`);
          await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
        }
        return { growthMb: (rssPeak - rssBefore) / 1_048_576 };
      } finally {
        clearInterval(sampler);
      }
    };

    const copyTimes: number[] = [];
    const exportTimes: number[] = [];
    const growths: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let at = performance.now();
      await copy();
      copyTimes.push(performance.now() - at);
      at = performance.now();
      growths.push((await exportOnce()).growthMb);
      exportTimes.push(performance.now() - at);
    }
    const copyMs = median(copyTimes);
    const exportMs = median(exportTimes);
    const rate = (ms: number) => Math.round(POINTS / (ms / 1000)).toLocaleString('en-US');
    const growth = Math.max(...growths);
    return [
      {
        name: `points export, 1,000,000 rows as CSV through the export job (${engine.name})`,
        ratio: copyMs / exportMs,
        detail: `export ${(exportMs / 1000).toFixed(1)} s (${rate(exportMs)} rows/s) vs COPY ${(copyMs / 1000).toFixed(1)} s (${rate(copyMs)} rows/s), median of ${ROUNDS}; server memory grew at most ${growth.toFixed(0)} MB during an export (target < 100 MB); loaded in ${loadS.toFixed(0)} s`,
      },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await drop();
  }
}

/** On PostgreSQL only: the baseline is PostgreSQL's own COPY. */
export async function benchExportsAllEngines() {
  const results = [];
  for (const engine of engines())
    if (engine.name === 'postgres') results.push(...(await benchExports(engine)));
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchExportsAllEngines())
    console.log(`${r.name}: ${r.ratio.toFixed(2)}x the baseline (${r.detail})`);
}
