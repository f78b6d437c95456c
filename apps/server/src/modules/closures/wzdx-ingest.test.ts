/**
 * Reading external WZDx feeds (WZDX_FEEDS) into feed closures, from a feed server the test runs: a
 * round trip (one organisation publishes, another reads that feed and gets the same closures),
 * conditional requests, road events updated and removed, a feature failing the schema skipped with a
 * counted reason, WZDx 4.0 accepted, and a feed that fails keeping the last good closures while the
 * health check says why.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Closure } from '@flare/core/schemas/closure';
import type { Feed } from '@flare/core/schemas/feeds';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { until } from '../../platform/jobs/test-support';
import { wzdxFeedsPollJob } from './wzdx-feeds-poll.job';

/** The admins of a WZDx road-works organisation that publishes and of one that reads (WZDX_FEEDS). */
let ROADWORKS: string;
let READER: string;
const READER_ORG = randomUUID();
const CLOSURES = '/api/organization/closure';

/** The feed server: answers `document` (with an ETag), a forced status, or the publisher's feed. */
const feedServer = {
  document: null as unknown,
  status: 200,
  proxyPath: null as string | null,
  requests: [] as Array<{ ifNoneMatch: string | undefined }>,
};
let server: Server;
let feedUrl: string;
let t: TestApp;

async function serveFeed(request: IncomingMessage, response: ServerResponse) {
  feedServer.requests.push({ ifNoneMatch: request.headers['if-none-match'] });
  if (feedServer.status !== 200) return response.writeHead(feedServer.status).end('unavailable');
  if (feedServer.proxyPath) {
    const answer = await t.app.inject({
      method: 'GET',
      url: feedServer.proxyPath,
      headers: request.headers['if-none-match'] ? { 'if-none-match': request.headers['if-none-match'] } : {},
    });
    const etag = answer.headers.etag;
    return response.writeHead(answer.statusCode, etag ? { etag } : {}).end(answer.body);
  }
  const body = JSON.stringify(feedServer.document);
  const etag = `"${createHash('sha256').update(body).digest('hex')}"`;
  if (request.headers['if-none-match'] === etag) return response.writeHead(304).end();
  response.writeHead(200, { 'content-type': 'application/json', etag }).end(body);
}

beforeAll(async () => {
  server = createServer((request, response) => void serveFeed(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wzdx.json?key=secret`;
  t = await createTestApp({
    STATUS_SWEEP_MS: '0',
    WZDX_FEEDS: `${READER_ORG}=${feedUrl}`,
    WZDX_POLL_MS: '3600000',
  });
  const given = fixtures(t);
  const [publisher, reader] = [
    await given.organization({ type: 'road_works', wzdx: true }),
    await given.organization({ id: READER_ORG }),
  ];
  ROADWORKS = (await given.user(publisher.id, 'ADMIN')).email;
  READER = (await given.user(reader.id, 'ADMIN')).email;
});
afterAll(async () => {
  await t.close();
  server.close();
});

const health = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/health' })).json<{
    external_feeds: Array<{
      url: string;
      ok: boolean;
      polled_at: string | null;
      error: string | null;
      item_count: number;
      skipped: Record<string, number>;
    }>;
  }>().external_feeds[0]!;

/** Runs one poll of the feeds and waits for it to be recorded. */
async function poll() {
  const before = (await health()).polled_at;
  await t.app.jobs.send(wzdxFeedsPollJob, {});
  await until(async () => (await health()).polled_at !== before, 20_000);
}

const feedClosures = async () =>
  (await t.app.inject({ method: 'GET', url: CLOSURES, headers: await t.as(READER).headers() }))
    .json<{ data: Closure[] }>()
    .data.filter((closure) => closure.closure_type === 'feed');

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const roadEvent = (id: string, patch: Record<string, unknown> = {}) => ({
  id,
  type: 'Feature',
  properties: {
    core_details: {
      event_type: 'work-zone',
      data_source_id: 'dot-1',
      road_names: ['I-55'],
      direction: 'northbound',
      description: `Road event ${id}`,
    },
    start_date: inMinutes(-30).toISOString(),
    end_date: inMinutes(240).toISOString(),
    is_start_date_verified: true,
    is_end_date_verified: false,
    is_start_position_verified: false,
    is_end_position_verified: false,
    vehicle_impact: 'some-lanes-closed',
    location_method: 'channel-device-method',
    lanes: [
      { order: 1, type: 'general', status: 'closed' },
      { order: 2, type: 'general', status: 'open' },
    ],
    ...patch,
  },
  geometry: {
    type: 'LineString',
    coordinates: [
      [-89.6, 39.7],
      [-89.59, 39.71],
    ],
  },
});
const feedOf = (features: unknown[], version = '4.2') => ({
  feed_info: {
    publisher: 'State DOT',
    version,
    update_date: new Date().toISOString(),
    data_sources: [{ data_source_id: 'dot-1', organization_name: 'State DOT' }],
  },
  type: 'FeatureCollection',
  features,
});

describe('reading external WZDx feeds', () => {
  it('round trip: the closures one organisation publishes become the other’s feed closures', async () => {
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/organization/feeds/work_zones',
      headers: await t.as(ROADWORKS).headers(),
    });
    const wzdx = on.json<Feed>().urls.find((url) => url.format === 'wzdx')!;
    feedServer.proxyPath = new URL(wzdx.url).pathname;
    const published = [];
    for (const [index, direction] of (['N', 'E'] as const).entries()) {
      const saved = await t.app.inject({
        method: 'POST',
        url: CLOSURES,
        headers: await t.as(ROADWORKS).headers(),
        payload: {
          closure_type: 'manual',
          description: `Culvert replacement ${index}`,
          direction,
          user_route: {
            type: 'LineString',
            coordinates: [
              [-89.7, 39.9 + index / 100],
              [-89.69, 39.9 + index / 100],
              [-89.68, 39.91 + index / 100],
            ],
          },
          impacted_lanes: [1, 3],
          road_names: ['Culvert Rd'],
          street_start: 'Oak St',
          street_end: 'Elm St',
          is_active: true,
          end_time: inMinutes(90).toISOString(),
          is_publish_on: true,
          external_id: `culvert-${index}`,
          location_method: 'sign-method',
          vehicle_impact: 'all-lanes-closed',
        },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      published.push(saved.json<Closure>());
    }
    await poll();
    expect(await health()).toMatchObject({
      ok: true,
      error: null,
      item_count: 2,
      url: feedUrl.replace('?key=secret', ''),
    });
    const read = await feedClosures();
    expect(read).toHaveLength(2);
    for (const original of published) {
      const copy = read.find((closure) => closure.description === original.description)!;
      expect(copy).toMatchObject({
        closure_type: 'feed',
        is_dashboard_managed: false,
        status: 'active',
        direction: original.direction,
        impacted_lanes: [1, 3],
        route_path: original.route_path,
        road_names: ['Culvert Rd'],
        street_start: 'Oak St',
        street_end: 'Elm St',
        start_time: original.start_time,
        end_time: original.end_time,
        vehicle_impact: 'all-lanes-closed',
        location_method: 'sign-method',
        organization: { id: READER_ORG },
        feed: { url: feedUrl.replace('?key=secret', ''), event_id: original.external_id },
      });
    }
    // Unchanged: the conditional request is answered 304 and nothing is saved again.
    const before = await feedClosures();
    await poll();
    expect(feedServer.requests.at(-1)!.ifNoneMatch).toBeDefined();
    expect((await feedClosures()).map((closure) => closure.updated_at)).toEqual(
      before.map((closure) => closure.updated_at),
    );
    feedServer.proxyPath = null;
  });

  it('updates changed road events, removes those gone, skips a feature that fails the schema with its reason', async () => {
    feedServer.document = feedOf([roadEvent('a'), roadEvent('b')]);
    await poll();
    expect((await feedClosures()).map((closure) => closure.description).sort()).toEqual([
      'Road event a',
      'Road event b',
    ]);

    const broken = roadEvent('c', { start_date: 'yesterday' });
    const later = roadEvent('a', { start_date: inMinutes(60).toISOString() });
    feedServer.document = feedOf([later, broken]);
    await poll();
    const closures = await feedClosures();
    expect(closures.map((closure) => closure.description)).toEqual(['Road event a']);
    expect(closures[0]).toMatchObject({
      status: 'standby',
      is_active: false,
      is_scheduled: true,
      impacted_lanes: [1],
    });
    // The feed made each change: its history names it.
    const history = await t.app.inject({
      method: 'GET',
      url: `${CLOSURES}/${closures[0]!.id}/history`,
      headers: await t.as(READER).headers(),
    });
    expect(
      history
        .json<{ data: Array<{ action: string; source: string }> }>()
        .data.map((e) => [e.action, e.source]),
    ).toEqual([
      ['switched_off', 'feed'],
      ['created', 'feed'],
    ]);
    const report = await health();
    expect(report).toMatchObject({ ok: true, item_count: 1 });
    expect(report.skipped).toEqual({ 'properties.start_date: Invalid ISO datetime': 1 });
  });

  it('reads WZDx 4.0 (road_event_feed_info) and refuses an unsupported version whole, keeping the last good closures', async () => {
    const { feed_info: info, ...rest } = feedOf([roadEvent('v40', { lanes: undefined })], '4.0');
    feedServer.document = { road_event_feed_info: info, ...rest };
    await poll();
    expect((await feedClosures()).map((closure) => closure.description)).toEqual(['Road event v40']);

    feedServer.document = feedOf([roadEvent('v30')], '3.1');
    await poll();
    expect(await health()).toMatchObject({
      ok: false,
      error: 'Unsupported WZDx version 3.1: 4.0 to 4.2 are read',
    });
    expect((await feedClosures()).map((closure) => closure.description)).toEqual(['Road event v40']);
  });

  it('a feed that cannot be fetched keeps the last good closures and the health check says why', async () => {
    feedServer.status = 503;
    await poll();
    expect(await health()).toMatchObject({ ok: false, error: 'The feed answered HTTP 503' });
    expect(await feedClosures()).toHaveLength(1);
    feedServer.status = 200;
    feedServer.document = feedOf([roadEvent('back')]);
    await poll();
    expect(await health()).toMatchObject({ ok: true, error: null });
    expect((await feedClosures()).map((closure) => closure.description)).toEqual(['Road event back']);
  });
});
