/**
 * Publishing closures as WZDx 4.2: the work-zone feed at the organisation's secret feed URL holds its
 * published closures (active, or scheduled and not over), mapped as documented and valid against the
 * official schemas for every vehicle impact, direction and lane shape; ETag and Last-Modified answer
 * 304; the device feed publishes the WZDx-enabled assets where they are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_IMPACTS, type VehicleImpact } from '@flare/core/schemas/closure';
import type { Feed } from '@flare/core/schemas/feeds';
import { WZDX_DIRECTIONS } from '@flare/core/wzdx/work-zone-feed';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { WZDX_SCHEMAS_ABSENT, wzdxSchemasPresent, wzdxValidator } from '../../../test/wzdx-schemas';

let t: TestApp;
/** A WZDx road-works organisation, its WZDx-enabled arrow board; its admin and a police department's. */
let roadworks: { id: string; name: string };
let arrowBoard: { id: string; deviceId: string };
let ROADWORKS: string;
let POLICE: string;
const feedPaths: Record<string, { wzdx: string; devices: string }> = {};
const CLOSURES = '/api/organization/closure';

const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, email: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.as(email).headers(), ...(payload ? { payload } : {}) });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const DIRECTIONS = ['N', 'E', 'S', 'W'] as const;

const published = (index: number, patch: Record<string, unknown> = {}) => ({
  closure_type: 'manual',
  description: `Bridge deck repair ${index}`,
  direction: DIRECTIONS[index % 4],
  user_route: {
    type: 'LineString',
    coordinates: [
      [-89.65 + index * 0.001, 39.8],
      [-89.645 + index * 0.001, 39.8],
    ],
  },
  impacted_lanes: index % 3 === 0 ? [] : [1, index % 9 || 2],
  road_names: [`County Road ${index}`],
  is_active: true,
  end_time: inMinutes(120),
  is_publish_on: true,
  external_id: `wz-${index}`,
  location_method: 'channel-device-method',
  vehicle_impact: Object.keys(VEHICLE_IMPACTS)[index % 12],
  ...patch,
});

type RoadEvent = {
  id: string;
  properties: Record<string, unknown> & { core_details: Record<string, unknown> };
  geometry: { type: string; coordinates: number[][] };
};

const FEED = '/api/organization/feeds/work_zones';
const pathsOf = (feed: Feed) => {
  const path = (format: string) => new URL(feed.urls.find((url) => url.format === format)!.url).pathname;
  return { wzdx: path('wzdx'), devices: path('wzdx_devices') };
};

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  roadworks = await given.organization({ type: 'road_works', wzdx: true });
  const police = await given.organization();
  arrowBoard = await given.asset(roadworks.id, { type: 'arrow_board', wzdx: true });
  ROADWORKS = (await given.user(roadworks.id, 'ADMIN')).email;
  POLICE = (await given.user(police.id, 'ADMIN')).email;
  for (const email of [ROADWORKS, POLICE]) {
    const on = await t.app.inject({ method: 'POST', url: FEED, headers: await t.as(email).headers() });
    expect(on.statusCode, on.body).toBe(200);
    feedPaths[email] = pathsOf(on.json<Feed>());
  }
});
afterAll(() => t.close());

describe('the WZDx work-zone feed', () => {
  it.skipIf(!wzdxSchemasPresent)(
    'is valid WZDx 4.2 for every vehicle impact, direction and lane shape',
    async () => {
      for (let index = 0; index < 12; index++) {
        const saved = await call('POST', CLOSURES, ROADWORKS, published(index));
        expect(saved.statusCode, saved.body).toBe(201);
      }
      const scheduled = await call(
        'POST',
        CLOSURES,
        ROADWORKS,
        published(12, {
          is_active: false,
          is_scheduled: true,
          start_time: inMinutes(60),
          end_time: inMinutes(180),
          group_id: 'bridge-project',
        }),
      );
      expect(scheduled.statusCode, scheduled.body).toBe(201);
      const feed = (await get(feedPaths[ROADWORKS]!.wzdx)).json<{ features: RoadEvent[] }>();
      const validate = wzdxValidator('WorkZoneFeed');
      expect(validate(feed), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
      expect(feed.features.map((feature) => feature.id)).toEqual(
        expect.arrayContaining(['wz-0', 'wz-11', 'wz-12']),
      );
      const impacts = new Set(
        feed.features.map((feature) => feature.properties.vehicle_impact as VehicleImpact),
      );
      expect([...impacts].sort()).toEqual(Object.keys(VEHICLE_IMPACTS).sort());
    },
  );

  it('maps a closure as documented', async () => {
    const saved = await call(
      'POST',
      CLOSURES,
      ROADWORKS,
      published(20, {
        direction: 'S',
        impacted_lanes: [2, 3],
        road_names: ['IL-29', 'Main St'],
        street_start: 'Main St',
        street_end: '5th St',
        vehicle_impact: 'some-lanes-closed',
        location_method: 'junction-method',
        group_id: 'resurfacing-2026',
      }),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const closure = saved.json<{
      id: string;
      start_time: string;
      end_time: string;
      route_path: { coordinates: number[][] };
    }>();
    const feed = (await get(feedPaths[ROADWORKS]!.wzdx)).json<{
      feed_info: Record<string, unknown>;
      features: RoadEvent[];
    }>();
    expect(feed.feed_info).toMatchObject({
      publisher: roadworks.name,
      version: '4.2',
      license: 'https://creativecommons.org/publicdomain/zero/1.0/',
      data_sources: [{ data_source_id: roadworks.id, organization_name: roadworks.name }],
    });
    const event = feed.features.find((feature) => feature.id === 'wz-20')!;
    expect(event.properties.core_details).toMatchObject({
      event_type: 'work-zone',
      data_source_id: roadworks.id,
      // The road names given, never the description or the cross streets.
      road_names: ['IL-29', 'Main St'],
      direction: WZDX_DIRECTIONS.S,
      description: 'Bridge deck repair 20',
      related_road_events: [{ type: 'related-work-zone', id: 'resurfacing-2026' }],
    });
    expect(event.properties).toMatchObject({
      start_date: closure.start_time.replace('.000Z', 'Z'),
      end_date: closure.end_time.replace('.000Z', 'Z'),
      is_start_date_verified: true,
      is_end_date_verified: false,
      is_start_position_verified: false,
      is_end_position_verified: false,
      vehicle_impact: 'some-lanes-closed',
      location_method: 'junction-method',
      beginning_cross_street: 'Main St',
      ending_cross_street: '5th St',
      lanes: [
        { order: 1, type: 'general', status: 'open' },
        { order: 2, type: 'general', status: 'closed' },
        { order: 3, type: 'general', status: 'closed' },
      ],
    });
    expect(event.properties.start_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(event.geometry).toEqual({ type: 'LineString', coordinates: closure.route_path.coordinates });
  });

  it('leaves out closures that are not published, not on or scheduled, or deleted; and other organisations’', async () => {
    const unpublished = await call(
      'POST',
      CLOSURES,
      ROADWORKS,
      published(30, { is_publish_on: false, external_id: null }),
    );
    const idle = await call('POST', CLOSURES, ROADWORKS, published(31, { is_active: false, end_time: null }));
    const deleted = await call('POST', CLOSURES, ROADWORKS, published(32));
    for (const response of [unpublished, idle, deleted]) expect(response.statusCode, response.body).toBe(201);
    expect((await call('DELETE', `${CLOSURES}/${deleted.json().id}`, ROADWORKS)).statusCode).toBe(200);
    const ids = (await get(feedPaths[ROADWORKS]!.wzdx))
      .json<{ features: RoadEvent[] }>()
      .features.map((f) => f.id);
    expect(ids).not.toContain('wz-31');
    expect(ids).not.toContain('wz-32');
    expect(ids).not.toContain(unpublished.json().description);
    const police = await get(feedPaths[POLICE]!.wzdx);
    expect(police.statusCode).toBe(200);
    expect(police.json().features).toEqual([]);
    expect((await get('/api/feeds/not-a-token/wzdx.json')).statusCode).toBe(404);
  });

  it('answers 304 to the current ETag or Last-Modified, and a new ETag after a change', async () => {
    const first = await get(feedPaths[ROADWORKS]!.wzdx);
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(feedPaths[ROADWORKS]!.wzdx, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(feedPaths[ROADWORKS]!.wzdx, { 'if-modified-since': lastModified })).statusCode).toBe(
      304,
    );
    expect((await get(feedPaths[ROADWORKS]!.wzdx, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    const saved = await call('POST', CLOSURES, ROADWORKS, published(40));
    expect(saved.statusCode, saved.body).toBe(201);
    const changed = await get(feedPaths[ROADWORKS]!.wzdx, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().features.map((f: RoadEvent) => f.id)).toContain('wz-40');
  });

  it('a new feed URL ends the old one', async () => {
    const old = feedPaths[POLICE]!.wzdx;
    const renewed = await t.app.inject({ method: 'POST', url: FEED, headers: await t.as(POLICE).headers() });
    feedPaths[POLICE] = pathsOf(renewed.json<Feed>());
    expect((await get(old)).statusCode).toBe(404);
    expect((await get(feedPaths[POLICE]!.wzdx)).statusCode).toBe(200);
  });
});

describe('the WZDx device feed', () => {
  it.skipIf(!wzdxSchemasPresent)(
    'publishes the WZDx-enabled assets at their live positions, valid WZDx 4.2',
    async () => {
      const report = await t.app.inject({
        method: 'POST',
        url: `/api/ingest/osmand?id=${arrowBoard.deviceId}&timestamp=${Math.floor(Date.now() / 1000)}&lat=39.81&lon=-89.61&speed=12`,
      });
      expect(report.statusCode, report.body).toBe(200);
      const automated = await call(
        'POST',
        CLOSURES,
        ROADWORKS,
        published(50, { closure_type: 'automated', thing_id: arrowBoard.id }),
      );
      expect(automated.statusCode, automated.body).toBe(201);
      const response = await get(feedPaths[ROADWORKS]!.devices);
      expect(response.statusCode).toBe(200);
      const feed = response.json<{
        features: Array<{
          id: string;
          properties: { core_details: Record<string, unknown> };
          geometry: unknown;
        }>;
      }>();
      const validate = wzdxValidator('DeviceFeed');
      expect(validate(feed), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
      const board = feed.features.find((feature) => feature.id === arrowBoard.id)!;
      expect(board.geometry).toEqual({ type: 'Point', coordinates: [-89.61, 39.81] });
      expect(board.properties.core_details).toMatchObject({
        device_type: 'arrow-board',
        device_status: 'ok',
        is_moving: true,
        road_event_ids: ['wz-50'],
      });
      const again = await get(feedPaths[ROADWORKS]!.devices, {
        'if-none-match': response.headers.etag as string,
      });
      expect(again.statusCode).toBe(304);
      // The police see none of the road works' devices in their own feed.
      expect((await get(feedPaths[POLICE]!.devices)).json().features).toEqual([]);
    },
  );
});

it.runIf(!wzdxSchemasPresent)('says why the schema checks were skipped', () => {
  console.warn(WZDX_SCHEMAS_ABSENT);
});
