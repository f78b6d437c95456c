/**
 * The WZDx work-zone feed of an organisation with 10,000 published closures (active, 12-point routes,
 * lanes, cross streets): a full answer of `GET /api/feeds/{token}/wzdx.json` after a change (the feed
 * built again) against the baseline of reading the same closure rows and `JSON.stringify` of them, in
 * alternating rounds; the ratio of the medians (target at most 3x). Then the answer to a client that
 * holds the current ETag (304): its p99 over 500 requests, against 5 ms.
 */
import { toClosureValues } from '@flare/server/src/modules/closures/closures.mapper';
import { demoOrganizationId } from '@flare/server/src/seed/demo-data';
import { VEHICLE_IMPACTS, type VehicleImpact } from '@flare/core/schemas/closure';
import { engines, feedPath, percentile, signIn, type Engine } from './support';

const CLOSURES = 10_000;
const ROUNDS = 5;
const NOT_MODIFIED_REQUESTS = 500;
const IMPACTS = Object.keys(VEHICLE_IMPACTS) as VehicleImpact[];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function route(i: number): Array<[number, number]> {
  const lat = 39 + Math.floor(i / 100) * 0.01;
  const lng = -90 + (i % 100) * 0.01;
  return Array.from({ length: 12 }, (_, k) => [lng + k * 0.0005, lat + k * 0.0002]);
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

export async function benchWzdx(engine: Engine) {
  const { flare, drop } = await engine.build();
  try {
    const organizationId = demoOrganizationId('capital-roadworks');
    const now = new Date();
    const end = new Date(now.getTime() + 30 * 86_400_000).toISOString();
    for (let i = 0; i < CLOSURES; i += 1_000) {
      await flare.db
        .insertInto('closures')
        .values(
          Array.from({ length: Math.min(1_000, CLOSURES - i) }, (_, j) => ({
            organization_id: organizationId,
            created_by: null,
            ...toClosureValues(
              {
                closure_type: 'manual',
                is_in_service: true,
                description: `Resurfacing section ${i + j}`,
                alert_message: 'Lane closed ahead',
                direction: (['N', 'E', 'S', 'W'] as const)[(i + j) % 4],
                impacted_lanes: [1 + ((i + j) % 3)],
                user_route: { type: 'LineString', coordinates: route(i + j) },
                road_names: [`Route ${(i + j) % 100}`],
                street_start: `Street ${i + j}`,
                street_end: `Avenue ${i + j}`,
                is_active: true,
                is_scheduled: false,
                end_time: end,
                is_publish_on: true,
                external_id: `wz-${i + j}`,
                location_method: 'channel-device-method',
                vehicle_impact: IMPACTS[(i + j) % IMPACTS.length]!,
                is_wzdx_compliant: true,
              },
              now,
            ),
          })),
        )
        .execute();
    }
    const token = await signIn(flare, 'admin@capital-roadworks.test');
    const path = await feedPath(flare, token, 'work_zones', 'wzdx');
    const changeOneClosure = () =>
      flare.db
        .updateTable('closures')
        .set({ updated_at: new Date() })
        .where('external_id', '=', 'wz-0')
        .where('organization_id', '=', organizationId)
        .execute();

    const baseline: number[] = [];
    const feed: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const [rowsMs] = await timed(async () => {
        const rows = await flare.db
          .selectFrom('closures')
          .selectAll()
          .where('organization_id', '=', organizationId)
          .where('deleted_at', 'is', null)
          .where('is_publish_on', '=', true)
          .execute();
        return JSON.stringify(rows).length;
      });
      baseline.push(rowsMs);
      await changeOneClosure();
      const [feedMs, response] = await timed(() => flare.app.inject({ method: 'GET', url: path }));
      const features = response.json<{ features: unknown[] }>().features.length;
      if (response.statusCode !== 200 || features !== CLOSURES)
        throw new Error(`WZDx feed answered ${response.statusCode} with ${features} features`);
      bytes = response.body.length;
      feed.push(feedMs);
    }

    const etag = (await flare.app.inject({ method: 'GET', url: path })).headers.etag as string;
    const notModified: number[] = [];
    for (let i = 0; i < NOT_MODIFIED_REQUESTS; i++) {
      const [ms, response] = await timed(() =>
        flare.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } }),
      );
      if (response.statusCode !== 304) throw new Error(`expected 304, got ${response.statusCode}`);
      notModified.push(ms);
    }
    notModified.sort((a, b) => a - b);
    return [
      {
        name: `WZDx feed of ${CLOSURES.toLocaleString('en')} published closures vs JSON.stringify of their rows (${engine.name})`,
        ratio: median(feed) / median(baseline),
        detail: `${median(feed).toFixed(0)} vs ${median(baseline).toFixed(0)} ms (medians of ${ROUNDS}), ${(bytes / 1e6).toFixed(1)} MB; target at most 3x`,
      },
      {
        name: `WZDx feed, client holding the current ETag: 304 p99 vs 5 ms (${engine.name})`,
        ratio: percentile(notModified, 99) / 5,
        detail: `p50 ${percentile(notModified, 50).toFixed(2)} ms, p99 ${percentile(notModified, 99).toFixed(2)} ms over ${NOT_MODIFIED_REQUESTS}; target under 1x`,
      },
    ];
  } finally {
    await drop();
  }
}

export async function benchWzdxAllEngines() {
  const results = [];
  for (const engine of engines()) results.push(...(await benchWzdx(engine)));
  return results;
}
