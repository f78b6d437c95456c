/**
 * The motorist alerts API (`GET /api/alerts`): every kind of source, made through the real paths
 * (reports through the OsmAnd port, closures, zones and hazards through their APIs), listed while
 * active and gone when the source ends; the region asked for; who may call it (signed-in users but
 * events-only ones, API keys with the alerts:read scope); and no organisation's alerts for another.
 * The same alerts as CAP 1.2 documents and an Atom feed of them.
 */
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import { ALERT_MESSAGES, AlertsSchema, type Alert } from '@flare/core/schemas/alert';
import type { ApiKeyScope } from '@flare/core/schemas/api-key';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closurePayload } from '../../../test/closure-payload';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let POLICE: string;
let ROADWORKS: string;
let ADMIN: string;
let USER: string;
let EVENTS_ONLY: string;
let ROADWORKS_USER: string;
let responder: { id: string; deviceId: string };
let staleResponder: { deviceId: string };
let onScene: { deviceId: string };

/** The scene, on a zone's ramp; the closure's street lies 2 km north of it. */
const SCENE = { lat: 39.7817, lng: -89.6501 };
const RAMP = [
  [-89.6511, 39.7817],
  [-89.6491, 39.7817],
];
const now = () => Math.floor(Date.now() / 1000);
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const build = fixtures(t);
  POLICE = (await build.organization()).id;
  ROADWORKS = (await build.organization({ type: 'road_works', responders: 'none' })).id;
  ADMIN = (await build.user(POLICE, 'ADMIN')).email;
  USER = (await build.user(POLICE, 'USER')).email;
  EVENTS_ONLY = (await build.user(POLICE, 'USER_EVENTS_ONLY')).email;
  ROADWORKS_USER = (await build.user(ROADWORKS, 'ADMIN')).email;
  responder = await build.asset(POLICE, { name: 'Car 12' });
  staleResponder = await build.asset(POLICE);
  onScene = await build.asset(POLICE);
});
afterAll(() => t.close());

async function report(
  deviceId: string,
  at: number,
  { position = SCENE, speedKnots = 0 }: { position?: { lat: number; lng: number }; speedKnots?: number } = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/ingest/osmand?id=${deviceId}&timestamp=${at}&lat=${position.lat}&lon=${position.lng}&speed=${speedKnots}&alerting=true&bearing=270`,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function alerts(email: string, query = ''): Promise<Alert[]> {
  const response = await t.as(email).request('GET', `/api/alerts${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return AlertsSchema.parse(response.json()).alerts;
}

const bySource = (list: Alert[], id: string) => list.find((alert) => alert.source.id === id);

async function created<T>(email: string, url: string, body: object): Promise<T> {
  const response = await t.as(email).request('POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
}

describe('alerts from every source', () => {
  let sceneId: string;
  let closureId: string;
  let zoneId: string;
  let hazardId: string;
  let roadWorksClosureId: string;

  beforeAll(async () => {
    // A responder driving west with its lights on, now; another that did so an hour ago.
    await report(responder.deviceId, now(), { position: { lat: 39.79, lng: -89.64 }, speedKnots: 40 });
    await report(staleResponder.deviceId, now() - 3_600, { speedKnots: 40 });
    // A unit stopped on the ramp with its lights on for the dwell time: a scene.
    const arrival = now() - SCENE_RULES.dwellMs / 1000 - 10;
    await report(onScene.deviceId, arrival);
    await report(onScene.deviceId, arrival + SCENE_RULES.dwellMs / 1000);
    const [scene] = (await t.as(USER).request('GET', '/api/locations/active')).json<{
      data: Array<{ id: string }>;
    }>().data;
    sceneId = scene!.id;

    closureId = (
      await created<{ id: string }>(
        ADMIN,
        '/api/organization/closure',
        closurePayload({
          is_active: true,
          end_time: inAnHour(),
          alert_message: 'Bridge closed',
          direction: 'E',
        }),
      )
    ).id;
    await created(ADMIN, '/api/organization/closure', closurePayload({ description: 'Not yet' }));
    zoneId = (
      await created<{ id: string }>(ADMIN, '/api/organization/alerting_zones', {
        type: 'wrong_way_driver',
        hotspot_id: 'HS-RAMP',
        geom_type: 'polyline',
        geometry: { type: 'LineString', coordinates: RAMP },
        alert_message: 'Wrong-way driver ahead',
        default_expiry_minutes: 30,
      })
    ).id;
    hazardId = (
      await created<{ id: string }>(USER, '/api/hazards', {
        hazard_type: 'debris',
        severity: 'medium',
        lat: 39.77,
        lng: -89.66,
      })
    ).id;
    roadWorksClosureId = (
      await created<{ id: string }>(
        ROADWORKS_USER,
        '/api/organization/closure',
        closurePayload({ is_active: true, end_time: inAnHour(), impacted_lanes: [1] }),
      )
    ).id;
  });

  it('lists each active source once, as its kind of alert, most urgent first', async () => {
    const list = await alerts(USER);
    expect(list.map((alert) => [alert.type, alert.source.id])).toEqual([
      ['responder_approaching', responder.id],
      ['responder_scene', sceneId],
      ['wrong_way_driver', zoneId],
      ['road_closure', closureId],
      ['hazard', hazardId],
    ]);
    expect(bySource(list, responder.id)).toMatchObject({
      id: `thing:${responder.id}`,
      severity: 'high',
      heading: 270,
      geometry: { type: 'Point', coordinates: [-89.64, 39.79] },
      organization_id: POLICE,
    });
    expect(bySource(list, sceneId)).toMatchObject({ geometry: { type: 'Point' }, reach: { ahead_m: 2_000 } });
    expect(bySource(list, closureId)).toMatchObject({
      message: 'Bridge closed',
      heading: 90,
      geometry: { type: 'LineString', coordinates: closurePayload().user_route.coordinates },
    });
    expect(bySource(list, zoneId)).toMatchObject({
      message: 'Wrong-way driver ahead',
      geometry: { type: 'LineString', coordinates: RAMP },
    });
    expect(bySource(list, hazardId)).toMatchObject({ message: 'Debris on the road', severity: 'medium' });
  });

  it("keeps another organisation's alerts to those who see it", async () => {
    expect(bySource(await alerts(USER), roadWorksClosureId)).toBeUndefined();
    expect((await alerts(ROADWORKS_USER)).map((alert) => [alert.type, alert.source.id])).toEqual([
      ['work_zone', roadWorksClosureId],
    ]);
    const asked = await t.as(USER).request('GET', `/api/alerts?org_ids[]=${ROADWORKS}`);
    expect(asked.statusCode).toBe(404);
  });

  it('keeps those any part of which lies in the region asked for', async () => {
    const aroundScene = `?bbox=${SCENE.lng - 0.005},${SCENE.lat - 0.005},${SCENE.lng + 0.005},${SCENE.lat + 0.005}`;
    expect((await alerts(USER, aroundScene)).map((alert) => alert.source.id)).toEqual([sceneId, zoneId]);
    expect(await alerts(USER, '?bbox=10,10,11,11')).toEqual([]);
  });

  it('refuses a region that is not one, saying how to write it', async () => {
    for (const bbox of ['1,2,3', '-89.6,39.7,-89.7,39.8', 'a,b,c,d', '0,95,1,96']) {
      const response = await t.as(USER).request('GET', `/api/alerts?bbox=${bbox}`);
      expect(response.statusCode, bbox).toBe(400);
      expect(response.json()).toMatchObject({ message: ALERT_MESSAGES.bbox });
    }
  });

  it('gives each active alert as a CAP 1.2 document, and the list as an Atom feed of them', async () => {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' });
    await t.app.alertSources.settled();
    const one = await t.as(USER).request('GET', `/api/alerts/closure:${closureId}/cap`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-type']).toContain('application/cap+xml');
    const { alert } = parser.parse(one.body) as {
      alert: Record<string, unknown> & { info: Record<string, unknown> };
    };
    expect(alert).toMatchObject({ status: 'Actual', msgType: 'Alert', scope: 'Public' });
    expect(alert.sender).toMatch(/^flare@/);
    expect(alert.info).toMatchObject({ event: 'Road closed', severity: 'Severe', headline: 'Bridge closed' });

    const feed = await t
      .as(USER)
      .request(
        'GET',
        `/api/alerts/cap?bbox=${SCENE.lng - 0.005},${SCENE.lat - 0.005},${SCENE.lng + 0.005},${SCENE.lat + 0.005}`,
      );
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toContain('application/atom+xml');
    const entries = (parser.parse(feed.body) as { feed: { entry: Array<{ link: { '@_href': string } }> } })
      .feed.entry;
    expect(entries.map((entry) => entry.link['@_href'].replace(/^.*\/api/, '/api'))).toEqual([
      `/api/alerts/incident:${sceneId}/cap`,
      `/api/alerts/zone:${zoneId}/cap`,
    ]);

    // Another organisation's alert is not found, as one that does not exist.
    const foreign = await t.as(ROADWORKS_USER).request('GET', `/api/alerts/closure:${closureId}/cap`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'Alert not found' });
  });

  it('ends an alert when its source ends', async () => {
    const resolved = await t.as(ADMIN).request('PUT', `/api/hazards/${hazardId}/resolve`);
    expect(resolved.statusCode, resolved.body).toBe(200);
    const off = await t.as(ADMIN).request('PUT', `/api/organization/closure/${closureId}`, closurePayload());
    expect(off.statusCode, off.body).toBe(200);
    const left = (await alerts(USER)).map((alert) => alert.source.id);
    expect(left).not.toContain(hazardId);
    expect(left).not.toContain(closureId);
    expect(left).toContain(sceneId);
    await t.app.alertSources.settled();
    expect((await t.as(USER).request('GET', `/api/alerts/closure:${closureId}/cap`)).statusCode).toBe(404);
  });
});

describe('who may read alerts', () => {
  it('is every signed-in user but those who see events only', async () => {
    expect((await t.as(EVENTS_ONLY).request('GET', '/api/alerts')).statusCode).toBe(403);
    expect((await t.as(ADMIN).request('GET', '/api/alerts')).statusCode).toBe(200);
  });

  it("is an API key with the alerts:read scope, for its own organisation's alerts; no other key", async () => {
    const key = (scopes: ApiKeyScope[]) => fixtures(t).apiKey(ADMIN, scopes);
    const get = async (token: string, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/alerts${query}`, headers: { 'x-api-key': token } });

    const partner = await key(['alerts:read']);
    const answer = await get(partner);
    expect(answer.statusCode, answer.body).toBe(200);
    const list = AlertsSchema.parse(answer.json()).alerts;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((alert) => alert.organization_id === POLICE)).toBe(true);
    expect((await get(partner, `?org_ids[]=${ROADWORKS}`)).statusCode).toBe(404);
    expect((await get(await key(['assets:read', 'incidents:read', 'closures:read']))).statusCode).toBe(403);
  });
});
