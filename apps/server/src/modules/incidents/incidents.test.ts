/**
 * Incident detection through the real ingest path (OsmAnd reports), the locations API with its
 * errors and tenant isolation, and assets released without a report (silent, set out of service).
 */
import type { IncidentChanged } from '@flare/core/events/incident-events';
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import { EXTENT_MESSAGES } from '@flare/core/incidents/incident-extent';
import { INCIDENT_MESSAGES, type Incident } from '@flare/core/schemas/incident';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { thingWithState } from '../../../test/thing-state';
import { ezTypeId } from '../../seed/reference-data';

let t: TestApp;
const changes: IncidentChanged[] = [];
const SCENE = { lat: 39.7817, lng: -89.6501 };
/** A point `metres` north of the scene. */
const north = (metres: number) => ({ lat: SCENE.lat + metres / 111_195, lng: SCENE.lng });
let clock = Math.floor(Date.now() / 1000) - 3_600;

/**
 * A police department (SPD) with its cars (`INC-…`) and users; a road-works organisation (CRW) with an
 * arrow board and its users. Each app's database is its own, so System Ids may be fixed.
 */
let SPD: string;
let CRW: string;
const thingIds = new Map<string, string>();
let SPD_USER: string;
let SPD_ADMIN: string;
let CRW_USER: string;
let CRW_ADMIN: string;

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  await t.app.events.on('incident.changed', (change) => void changes.push(change));
  const given = fixtures(t);
  SPD = (await given.organization()).id;
  CRW = (await given.organization({ type: 'road_works' })).id;
  const asset = async (organizationId: string, deviceId: string, type = 'police') =>
    thingIds.set(deviceId, (await given.asset(organizationId, { deviceId, type })).id);
  for (const n of [101, 102, 103, 104, 105, 106]) await asset(SPD, `INC-CAR-${n}`);
  await asset(SPD, 'INC-SUV-101');
  await asset(CRW, 'INC-AB-101', 'arrow_board');
  SPD_USER = (await given.user(SPD, 'USER')).email;
  SPD_ADMIN = (await given.user(SPD, 'ADMIN')).email;
  CRW_USER = (await given.user(CRW, 'USER')).email;
  CRW_ADMIN = (await given.user(CRW, 'ADMIN')).email;
});
afterAll(() => t.close());

async function report(
  deviceId: string,
  at: number,
  {
    position = SCENE,
    speed = 0,
    alerting = true,
  }: { position?: { lat: number; lng: number }; speed?: number; alerting?: boolean } = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/ingest/osmand?id=${deviceId}&timestamp=${at}&lat=${position.lat}&lon=${position.lng}&speed=${speed}&alerting=${alerting}&bearing=90`,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Reports stopped with lights on for the dwell time: the asset arrives on scene. */
async function arrive(deviceId: string, position = SCENE) {
  const start = (clock += 10);
  await report(deviceId, start, { position });
  await report(deviceId, (clock = start + SCENE_RULES.dwellMs / 1000), { position });
}

/** One sign-in per user (sign-ins are rate-limited). */
const tokens = new Map<string, Promise<string>>();
const auth = async (email: string) => {
  if (!tokens.has(email))
    tokens.set(
      email,
      t.signIn(email).then((session) => session.access_token),
    );
  return bearer(await tokens.get(email)!);
};
const get = async (email: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: await auth(email) });
const active = async (email = SPD_USER) =>
  (await get(email, '/api/locations/active')).json<{ data: Incident[] }>().data;
const post = async (email: string, url: string, body: object) =>
  t.app.inject({ method: 'POST', url, headers: await auth(email), payload: body });
const statusOf = async (deviceId: string) => (await thingWithState(t.db, deviceId)).status;
const put = async (email: string, id: string, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/locations/${id}`,
    headers: await auth(email),
    payload: body,
  });

describe('detecting an incident from responders on scene', () => {
  it('opens an incident when a responder has stood with lights on for the dwell time, in the same batch', async () => {
    await report('INC-CAR-101', (clock += 10));
    expect(await active()).toEqual([]);
    await report('INC-CAR-101', (clock += SCENE_RULES.dwellMs / 1000));
    const [incident] = await active();
    expect(incident).toMatchObject({ is_active: true, lat: SCENE.lat, lng: SCENE.lng, roadway_heading: 90 });
    expect(incident!.things_active.map((thing) => thing.id)).toEqual([thingIds.get('INC-CAR-101')!]);
    expect(incident!.external_id).toMatch(/^INC-\d+$/);
    expect(await statusOf('INC-CAR-101')).toBe('active_location');
    expect(changes.at(-1)?.location.id).toBe(incident!.id);
    const asset = await get(SPD_USER, `/api/things/${thingIds.get('INC-CAR-101')!}`);
    expect(asset.json()).toMatchObject({ location: { id: incident!.id }, status: 'active_location' });
  });

  it('adds a responder arriving within the join radius to the same incident', async () => {
    await arrive('INC-CAR-102', north(SCENE_RULES.joinRadiusM - 20));
    const incidents = await active();
    expect(incidents).toHaveLength(1);
    expect(incidents[0]!.things_active).toHaveLength(2);
    expect(await statusOf('INC-CAR-102')).toBe('active_location');
  });

  it('takes a late report (older than one already seen) as history only', async () => {
    await report('INC-CAR-102', clock - 300, { position: north(SCENE_RULES.leaveRadiusM * 3), speed: 20 });
    expect(await statusOf('INC-CAR-102')).toBe('active_location');
    expect((await active())[0]!.things_active).toHaveLength(2);
  });

  it('never opens one for an asset that is not a responder', async () => {
    await arrive('INC-AB-101');
    const roadworks = await active(CRW_USER);
    expect(roadworks).toEqual([]);
    expect(await statusOf('INC-AB-101')).not.toBe('active_location');
  });

  it('releases a responder that drives away, and ends the incident with its last one', async () => {
    await report('INC-CAR-101', (clock += 30), {
      position: north(SCENE_RULES.leaveRadiusM + 100),
      speed: 15,
    });
    expect(await statusOf('INC-CAR-101')).toBe('active');
    const [incident] = await active();
    expect(incident!.things_active.map((thing) => thing.id)).toEqual([thingIds.get('INC-CAR-102')!]);
    expect(incident!.things_inactive.map((thing) => thing.id)).toEqual([thingIds.get('INC-CAR-101')!]);

    const position = north(SCENE_RULES.joinRadiusM - 20);
    await report('INC-CAR-102', (clock += 10), { position, alerting: false });
    await report('INC-CAR-102', (clock += SCENE_RULES.lightsOffMs / 1000), { position, alerting: false });
    expect(await active()).toEqual([]);
    expect(await statusOf('INC-CAR-102')).not.toBe('active_location');
    const recent = (await get(SPD_USER, '/api/locations')).json<{ data: Incident[] }>().data;
    expect(recent[0]).toMatchObject({ id: incident!.id, is_active: false });
    expect(recent[0]!.end_time).not.toBeNull();
    expect(recent[0]!.things_inactive.every((thing) => thing.runtime >= 0)).toBe(true);
  });
});

describe('the locations API', () => {
  let incident: Incident;
  beforeAll(async () => {
    await arrive('INC-CAR-103', north(5_000));
    incident = (await active()).find((i) =>
      i.things_active.some((a) => a.id === thingIds.get('INC-CAR-103')!),
    )!;
  });

  it('lists the active incidents and those that started in the last 7 days, unless asked for more', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const ended = (days: number) => ({
      organization_id: SPD,
      lat: 39.9,
      lng: -89.7,
      start_lat: 39.9,
      start_lng: -89.7,
      alert_message: 'Old scene',
      start_time: daysAgo(days),
      end_time: daysAgo(days - 0.1),
    });
    const [sixDays, eightDays] = await t.db
      .insertInto('incidents')
      .values([ended(6), ended(8)])
      .returning('id')
      .execute();
    const listed = async (query = '') =>
      (await get(SPD_USER, `/api/locations${query}`))
        .json<{ data: Incident[] }>()
        .data.map((location) => location.id);
    expect(await listed()).toContain(sixDays!.id);
    expect(await listed()).not.toContain(eightDays!.id);
    expect(await listed()).toContain(incident.id);
    const nineDaysAgo = Math.floor(daysAgo(9).getTime() / 1000);
    expect(await listed(`?start_date=${nineDaysAgo}`)).toContain(eightDays!.id);
  });

  it('shows incidents only to organisations that may see them', async () => {
    expect(await active(CRW_USER)).toEqual([]);
    const asked = await get(CRW_USER, `/api/locations?org_ids[]=${SPD}`);
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toMatchObject({ message: 'Organization not found' });
  });

  it('answers each refusal of an edit with its message, and changes nothing', async () => {
    const body = {
      ...north(5_050),
      roadway_heading: 180,
      organization_id: SPD,
    };
    const stranger = await put(CRW_ADMIN, incident.id, body);
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().message).toBe(INCIDENT_MESSAGES.notFound);
    const wrongOrg = await put(SPD_ADMIN, incident.id, {
      ...body,
      organization_id: CRW,
    });
    expect(wrongOrg.json().message).toBe(INCIDENT_MESSAGES.noAccess);
    const tooFar = await put(SPD_ADMIN, incident.id, { ...body, ...north(5_000 + 120) });
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json().message).toBe(INCIDENT_MESSAGES.tooFar);
    const readOnly = await put(SPD_USER, incident.id, body);
    expect(readOnly.statusCode).toBe(403);
    const badHeading = await put(SPD_ADMIN, incident.id, { ...body, roadway_heading: 361 });
    expect(badHeading.statusCode).toBe(400);
    expect((await active()).find((i) => i.id === incident.id)).toMatchObject({
      lat: incident.lat,
      lng: incident.lng,
    });
  });

  it('moves an active incident within the limit and keeps the heading the user set', async () => {
    const body = {
      ...north(5_050),
      roadway_heading: 180,
      organization_id: SPD,
    };
    const moved = await put(SPD_ADMIN, incident.id, body);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ lat: body.lat, lng: body.lng, roadway_heading: 180 });
    expect(changes.at(-1)?.location).toMatchObject({ id: incident.id, roadway_heading: 180 });
    await arrive('INC-CAR-104', north(5_040));
    const joined = (await active()).find((i) => i.id === incident.id)!;
    expect(joined.things_active).toHaveLength(2);
    expect(joined.roadway_heading).toBe(180);
  });

  it("sets an incident's extent (a line along the road, a circle), keeps it on later edits and clears it with its point", async () => {
    const base = {
      ...north(5_050),
      roadway_heading: 180,
      organization_id: SPD,
    };
    const along = (metres: number): [number, number] => [north(metres).lng, north(metres).lat];
    const line = { type: 'LineString', coordinates: [along(4_800), along(5_300)] };
    const drawn = await put(SPD_ADMIN, incident.id, { ...base, features: line });
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json().features).toEqual(line);
    expect(changes.at(-1)?.location).toMatchObject({ id: incident.id, features: line });
    // Left out, the extent stays; the Waze feed and the map read it from the incident.
    expect((await put(SPD_ADMIN, incident.id, base)).json().features).toEqual(line);

    const circle = { type: 'Circle', coordinates: along(5_050), radius: 150 };
    expect((await put(SPD_ADMIN, incident.id, { ...base, features: circle })).json().features).toEqual(
      circle,
    );

    const refusals: Array<[object, number, string]> = [
      [{ type: 'LineString', coordinates: [along(5_000), along(8_000)] }, 422, EXTENT_MESSAGES.tooFar],
      [{ type: 'Circle', coordinates: along(5_050), radius: 5_000 }, 400, EXTENT_MESSAGES.radius],
      [{ type: 'LineString', coordinates: [along(5_000)] }, 400, EXTENT_MESSAGES.lineTooShort],
      [{ type: 'Spiral', coordinates: along(5_000) }, 400, 'features'],
    ];
    for (const [features, status, message] of refusals) {
      const refused = await put(SPD_ADMIN, incident.id, { ...base, features });
      expect(refused.statusCode, JSON.stringify(features)).toBe(status);
      expect(refused.json().message).toContain(message);
    }
    expect((await active()).find((i) => i.id === incident.id)?.features).toEqual(circle);

    const cleared = await put(SPD_ADMIN, incident.id, {
      ...base,
      features: { type: 'Point', coordinates: [base.lng, base.lat] },
    });
    expect(cleared.json().features).toEqual({ type: 'Point', coordinates: [base.lng, base.lat] });
  });

  it('releases assets silent on scene for 10 minutes, and refuses to move an ended incident', async () => {
    const released = await t.app.incidents.releaseSilent(Date.now() + SCENE_RULES.silentMs + 3_600_000);
    expect(released).toBeGreaterThanOrEqual(2);
    expect(await active()).toEqual([]);
    expect(await statusOf('INC-CAR-103')).not.toBe('active_location');
    const ended = await put(SPD_ADMIN, incident.id, {
      ...north(5_000),
      roadway_heading: 0,
      organization_id: SPD,
    });
    expect(ended.json().message).toBe(INCIDENT_MESSAGES.noLongerActive);
  });

  it('releases an asset a user sets out of service', async () => {
    await arrive('INC-SUV-101', north(9_000));
    expect(await statusOf('INC-SUV-101')).toBe('active_location');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/things/${thingIds.get('INC-SUV-101')!}`,
      headers: await auth(SPD_ADMIN),
      payload: { id: thingIds.get('INC-SUV-101')!, in_service: false, is_publicly_alerting: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    await expect.poll(() => active()).toEqual([]);
  });
});

describe('titling an incident without a street (no geocoder here)', () => {
  /** 20 km north of the other tests' scenes; the station's circle reaches 0.25 mile (402 m). */
  const STATION = north(20_000);
  const station = (name: string, at: { lat: number; lng: number }) => ({
    name,
    ez_type_id: ezTypeId('station'),
    lat: at.lat,
    lng: at.lng,
    area_geom: null,
    radius_dist: 0.25,
    address1: '800 E Monroe St',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    country_code: 'us',
  });
  const incidentOf = async (deviceId: string) =>
    (await active()).find((i) => i.things_active.some((a) => a.id === thingIds.get(deviceId)!))!;

  beforeAll(async () => {
    const saved = await post(SPD_ADMIN, '/api/organization/exclusion_zone', station('Station 9', STATION));
    expect(saved.statusCode, saved.body).toBe(201);
    // Another organisation's area never names this one's incidents, even one it lies in.
    const foreign = await post(CRW_ADMIN, '/api/organization/exclusion_zone', {
      ...station('Yard 4', north(23_100)),
      ez_type_id: ezTypeId('exclusion'),
      area_geom: null,
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
  });

  it('names it after the saved area it is near, then the one it lies in when moved there', async () => {
    await arrive('INC-CAR-105', north(20_450));
    const opened = await incidentOf('INC-CAR-105');
    expect(opened.street).toBeNull();
    // The place job runs after the incident opened: its change reaches the API (and the live feed).
    await expect
      .poll(async () => (await incidentOf('INC-CAR-105')).near_area, { timeout: 15_000 })
      .toMatchObject({ name: 'Station 9' });
    const near = (await incidentOf('INC-CAR-105')).near_area!;
    expect(near.distance_m).toBeGreaterThan(40);
    expect(near.distance_m).toBeLessThan(60);
    expect(changes.at(-1)?.location).toMatchObject({ id: opened.id, near_area: near });

    const moved = await put(SPD_ADMIN, opened.id, {
      ...north(20_370),
      roadway_heading: 0,
      organization_id: SPD,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expect
      .poll(async () => (await incidentOf('INC-CAR-105')).near_area, { timeout: 15_000 })
      .toEqual({ name: 'Station 9', distance_m: 0 });
  });

  it('names none beyond 2 km of the areas of its own organisation: the title is then the position', async () => {
    await arrive('INC-CAR-106', north(23_000));
    const far = await incidentOf('INC-CAR-106');
    await t.app.incidents.namePlace(far.id);
    expect((await incidentOf('INC-CAR-106')).near_area).toBeNull();
  });
});
