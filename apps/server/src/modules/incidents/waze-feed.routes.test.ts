/**
 * The Waze (CIFS) feed end to end: whoever manages incidents turns it on and sees its URLs again at
 * any time, an incident detected from reports shows in the JSON and XML documents at the secret URL,
 * a new URL ends the old one (and not the work-zone feed's), turning it off ends both, and nobody else
 * can turn it on or read another organisation's incidents.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed } from '@flare/core/schemas/feeds';
import { fixtures } from '../../../test/fixtures';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
/** The organisation's admin, user and media user. */
let ADMIN: string;
let USER: string;
let MEDIA: string;
/** A patrol car of the organisation, a fire engine of another. */
let car: { deviceId: string };
let otherEngine: { deviceId: string };
const tokens = new Map<string, string>();
const auth = async (email: string) => {
  if (!tokens.has(email)) tokens.set(email, (await t.signIn(email)).access_token);
  return bearer(tokens.get(email)!);
};
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  const [own, other] = [await given.organization(), await given.organization({ type: 'acs' })];
  ADMIN = (await given.user(own.id, 'ADMIN')).email;
  USER = (await given.user(own.id, 'USER')).email;
  MEDIA = (await given.user(own.id, 'USER_EVENTS_ONLY')).email;
  car = await given.asset(own.id);
  otherEngine = await given.asset(other.id, { type: 'fire' });
});
afterAll(() => t.close());

const FEED = '/api/organization/feeds/incidents';
const feedOn = async (email: string) =>
  t.app.inject({ method: 'POST', url: FEED, headers: await auth(email) });
/** The path of one of a feed's URLs. */
const pathOf = (feed: Feed, format: string) =>
  new URL(feed.urls.find((u) => u.format === format)!.url).pathname;
const get = (url: string) => t.app.inject({ method: 'GET', url });

async function detectIncident(deviceId: string, lat: number, lng: number) {
  const at = Math.floor(Date.now() / 1000) - 600;
  for (const timestamp of [at, at + SCENE_RULES.dwellMs / 1000]) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=${deviceId}&timestamp=${timestamp}&lat=${lat}&lon=${lng}&speed=0&bearing=45&alerting=true`,
    });
    expect(response.statusCode).toBe(200);
  }
}

describe('the Waze incident feed', () => {
  it('publishes an organisation’s active incidents at its secret URL, in JSON and XML', async () => {
    const off = await t.app.inject({
      method: 'GET',
      url: FEED,
      headers: await auth(ADMIN),
    });
    expect(off.json()).toEqual({ kind: 'incidents', created_at: null, urls: [] });
    const on = await feedOn(ADMIN);
    expect(on.statusCode, on.body).toBe(200);
    const made = on.json<Feed>();
    expect(made.urls.map((url) => url.format)).toEqual(['waze_json', 'waze_xml']);
    // Shown again whenever asked, the same URLs.
    const again = await t.app.inject({
      method: 'GET',
      url: FEED,
      headers: await auth(ADMIN),
    });
    expect(again.json()).toEqual(made);
    const json_url = pathOf(made, 'waze_json');
    const xml_url = pathOf(made, 'waze_xml');
    expect((await get(json_url)).json()).toEqual({ incidents: [] });

    await detectIncident(car.deviceId, 39.79, -89.64);
    await detectIncident(otherEngine.deviceId, 39.8, -89.6); // another organisation's incident
    const feed = (await get(json_url)).json<{
      incidents: Array<{ incident: Record<string, string> }>;
    }>();
    expect(feed.incidents).toHaveLength(1);
    expect(feed.incidents[0]!.incident).toMatchObject({
      type: 'HAZARD',
      subtype: 'HAZARD_ON_ROAD',
      direction: 'ONE_DIRECTION',
    });
    expect(feed.incidents[0]!.incident.polyline).toMatch(/39\.790000 -89\.640000$/);

    const xmlResponse = await get(xml_url);
    expect(xmlResponse.headers['content-type']).toContain('application/xml');
    expect(XMLValidator.validate(xmlResponse.body)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' }).parse(
      xmlResponse.body,
    ) as {
      incidents: { incident: Record<string, string> };
    };
    expect(parsed.incidents.incident['@_id']).toBe(feed.incidents[0]!.incident.id);
    expect(parsed.incidents.incident.polyline).toBe(feed.incidents[0]!.incident.polyline);
  });

  it('ends the old URL when a new one is made, and both when the feed is turned off; the work-zone feed is its own', async () => {
    const admin = await auth(ADMIN);
    const workZones = (
      await t.app.inject({ method: 'POST', url: '/api/organization/feeds/work_zones', headers: admin })
    ).json<Feed>();
    const first = (await feedOn(ADMIN)).json<Feed>();
    const second = (await feedOn(ADMIN)).json<Feed>();
    expect((await get(pathOf(first, 'waze_json'))).statusCode).toBe(404);
    expect((await get(pathOf(second, 'waze_json'))).statusCode).toBe(200);
    // Each feed opens with its own secret only.
    const wazeSecret = pathOf(second, 'waze_json').split('/')[3]!;
    expect((await get(`/api/feeds/${wazeSecret}/wzdx.json`)).statusCode).toBe(404);
    expect((await get(pathOf(workZones, 'wzdx'))).statusCode).toBe(200);
    const off = await t.app.inject({ method: 'DELETE', url: FEED, headers: admin });
    expect(off.statusCode).toBe(204);
    expect((await get(pathOf(second, 'waze_json'))).statusCode).toBe(404);
    expect((await get(pathOf(workZones, 'wzdx'))).statusCode).toBe(200);
  });

  it('lets only those who manage incidents turn it on, and a made-up URL shows nothing', async () => {
    expect((await feedOn(USER)).statusCode).toBe(403);
    expect((await feedOn(MEDIA)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/feeds/made-up-token/waze.json' })).statusCode,
    ).toBe(404);
  });
});
