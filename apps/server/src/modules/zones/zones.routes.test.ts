/**
 * The alerting zones API (`/api/organization/alerting_zones`): the save rules and messages, who may
 * do what, other organisations' zones, and a zone turning active while a wrong-way-driver asset
 * reporting through the real ingest path responds on it, or while an incident detected on it counts
 * (until its default expiry, on a fake clock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import { ZoneSchema, ZONE_DEFAULT_EXPIRY_MINUTES, ZONE_MESSAGES, type Zone } from '@flare/core/schemas/zone';
import type { Incident } from '@flare/core/schemas/incident';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { thingTypeId } from '../../seed/reference-data';
import { ZonesRepository } from './zones.repository';
import { ZonesService } from './zones.service';

let t: TestApp;
/** The organisation whose zones are saved, and another one. */
let OWN: string;
let OTHER: string;
/** Their admin and user, the other's admin, a platform administrator. */
let ADMIN: string;
let USER: string;
let OTHER_ADMIN: string;
let PLATFORM: string;
/** The organisation's patrol cars that open incidents on a zone. */
let cars: Array<{ id: string; deviceId: string }>;
const PATH = '/api/organization/alerting_zones';

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  const platform = await given.organization({ type: 'acs' });
  [OWN, OTHER] = [(await given.organization()).id, (await given.organization({ type: 'road_works' })).id];
  ADMIN = (await given.user(OWN, 'ADMIN')).email;
  USER = (await given.user(OWN, 'USER')).email;
  OTHER_ADMIN = (await given.user(OTHER, 'ADMIN')).email;
  PLATFORM = (await given.user(platform.id, 'PLATFORM_ADMIN')).email;
  cars = [await given.asset(OWN), await given.asset(OWN)];
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  email: string,
  payload?: Record<string, unknown>,
) => t.as(email).request(method, url, payload);

/** An exit ramp running east along latitude 39.81. */
const RAMP = [
  [-89.66, 39.81],
  [-89.655, 39.81],
];
const zone = (patch: Record<string, unknown> = {}) => ({
  type: 'wrong_way_driver',
  hotspot_id: 'HS-EXIT-92',
  geom_type: 'polyline',
  geometry: { type: 'LineString', coordinates: RAMP },
  description: 'Exit 92 off-ramp',
  alert_message: 'Wrong-way driver ahead',
  ...patch,
});

describe('saving alerting zones', () => {
  it('adds a zone, which the organisation lists in the wire format, in standby', async () => {
    const created = await call('POST', PATH, ADMIN, zone());
    expect(created.statusCode, created.body).toBe(201);
    const saved = ZoneSchema.parse(created.json());
    expect(saved).toMatchObject({
      organization_id: OWN,
      external_id: 'HS-EXIT-92',
      alerting_zone_type_name: 'wrong_way_driver',
      description: 'Exit 92 off-ramp',
      alert_message: 'Wrong-way driver ahead',
      is_active: false,
      things: [],
      active_things: [],
    });
    expect(saved.features.features[0]!.geometry.coordinates).toEqual(RAMP);
    expect([saved.active_locations, saved.default_expiry_minutes]).toEqual([[], ZONE_DEFAULT_EXPIRY_MINUTES]);
    const listed = (await call('GET', PATH, USER)).json().data as Array<{ id: string }>;
    expect(listed.map((z) => z.id)).toContain(saved.id);
    const byHotspot = (await call('GET', `${PATH}?hotspot_id=HS-EXIT-92`, USER)).json().data;
    expect(byHotspot.map((z: { id: string }) => z.id)).toEqual([saved.id]);
  });

  it('refuses a line of one point, a blank or taken hotspot id, and saves nothing', async () => {
    const before = (await call('GET', PATH, USER)).json().data.length;
    const onePoint = await call(
      'POST',
      PATH,
      ADMIN,
      zone({ hotspot_id: 'HS-1', geometry: { type: 'LineString', coordinates: [RAMP[0]] } }),
    );
    expect(onePoint.statusCode).toBe(400);
    expect(onePoint.body).toContain(ZONE_MESSAGES.tooFewPoints);
    expect((await call('POST', PATH, ADMIN, zone({ hotspot_id: ' ' }))).statusCode).toBe(400);
    const taken = await call('POST', PATH, ADMIN, zone({ hotspot_id: 'HS-EXIT-92' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ZONE_MESSAGES.hotspotTaken);
    expect((await call('GET', PATH, USER)).json().data).toHaveLength(before);
  });

  it('changes a zone with the whole body, refuses a hotspot id taken by another, 404s an unknown one', async () => {
    const saved = (await call('POST', PATH, ADMIN, zone({ hotspot_id: 'HS-CHANGE' }))).json();
    const changed = await call(
      'PUT',
      `${PATH}/${saved.id}`,
      ADMIN,
      zone({ hotspot_id: 'HS-CHANGED', description: null }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: saved.id, external_id: 'HS-CHANGED', description: null });
    expect((await call('PUT', `${PATH}/${saved.id}`, ADMIN, zone())).statusCode).toBe(409);
    const unknown = await call('PUT', `${PATH}/00000000-0000-4000-8000-000000000000`, ADMIN, zone());
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, ZONE_MESSAGES.notFound]);
  });

  it('keeps the default expiry a PUT leaves out, and refuses one out of bounds with the reason', async () => {
    const saved = (
      await call('POST', PATH, ADMIN, zone({ hotspot_id: 'HS-EXPIRY', default_expiry_minutes: 45 }))
    ).json();
    expect(saved.default_expiry_minutes).toBe(45);
    const kept = await call('PUT', `${PATH}/${saved.id}`, ADMIN, zone({ hotspot_id: 'HS-EXPIRY' }));
    expect(kept.json().default_expiry_minutes).toBe(45);
    const changed = await call(
      'PUT',
      `${PATH}/${saved.id}`,
      ADMIN,
      zone({ hotspot_id: 'HS-EXPIRY', default_expiry_minutes: 60 }),
    );
    expect(changed.json().default_expiry_minutes).toBe(60);
    for (const minutes of [0, 1441, 1.5, 'soon']) {
      const refused = await call(
        'PUT',
        `${PATH}/${saved.id}`,
        ADMIN,
        zone({ hotspot_id: 'HS-EXPIRY', default_expiry_minutes: minutes }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(ZONE_MESSAGES.expiryRange);
    }
  });

  it('deletes a zone; deleting it again answers 404 Zone not found; its hotspot id is free again', async () => {
    const saved = (await call('POST', PATH, ADMIN, zone({ hotspot_id: 'HS-GONE' }))).json();
    expect((await call('DELETE', `${PATH}/${saved.id}`, ADMIN)).json()).toEqual({ id: saved.id });
    const again = await call('DELETE', `${PATH}/${saved.id}`, ADMIN);
    expect([again.statusCode, again.json().message]).toEqual([404, ZONE_MESSAGES.notFound]);
    expect((await call('POST', PATH, ADMIN, zone({ hotspot_id: 'HS-GONE' }))).statusCode).toBe(201);
  });
});

describe('who may see and change zones', () => {
  it('users see zones but may not add, change or delete them', async () => {
    const saved = (await call('POST', PATH, ADMIN, zone({ hotspot_id: 'HS-USER' }))).json();
    expect((await call('POST', PATH, USER, zone({ hotspot_id: 'HS-USER-2' }))).statusCode).toBe(403);
    expect((await call('PUT', `${PATH}/${saved.id}`, USER, zone({ hotspot_id: 'HS-USER' }))).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `${PATH}/${saved.id}`, USER)).statusCode).toBe(403);
  });

  it("another organisation neither lists nor touches an organisation's zones; a platform administrator does", async () => {
    const saved = (await call('POST', PATH, ADMIN, zone({ hotspot_id: 'HS-PRIVATE' }))).json();
    const theirs = (await call('GET', PATH, OTHER_ADMIN)).json().data as Array<{ id: string }>;
    expect(theirs.map((z) => z.id)).not.toContain(saved.id);
    // Asked for by id, it is as if the organisation did not exist (the list says so: 404's message).
    const asked = await call('GET', `${PATH}?org_ids[]=${OWN}`, OTHER_ADMIN);
    expect([asked.statusCode, asked.json().message]).toEqual([404, 'Organization not found']);
    expect(
      (await call('PUT', `${PATH}/${saved.id}`, OTHER_ADMIN, zone({ hotspot_id: 'HS-X' }))).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `${PATH}/${saved.id}`, OTHER_ADMIN)).statusCode).toBe(404);
    expect(
      (await call('POST', PATH, OTHER_ADMIN, zone({ hotspot_id: 'HS-X', organization_id: OWN }))).statusCode,
    ).toBe(403);
    // The same hotspot id in another organisation is another zone.
    const own = await call('POST', PATH, OTHER_ADMIN, zone({ hotspot_id: 'HS-PRIVATE' }));
    expect([own.statusCode, own.json().organization_id]).toEqual([201, OTHER]);
    const byPlatform = await call(
      'PUT',
      `${PATH}/${saved.id}`,
      PLATFORM,
      zone({ hotspot_id: 'HS-PRIVATE', description: 'by the platform' }),
    );
    expect(byPlatform.json()).toMatchObject({ description: 'by the platform' });
  });
});

describe('zone activity', () => {
  it('lists the wrong-way-driver assets along a zone, and is active while one responds', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: await t.as(PLATFORM).headers(),
      payload: { device_id: 'WWD-RAMP-92', thing_type_id: thingTypeId('wwd'), organization_id: OWN },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { id: thingId, device_credential } = registered.json();
    const saved = (await call('POST', PATH, ADMIN, zone({ hotspot_id: 'HS-ACTIVITY' }))).json();
    let clock = Math.floor(Date.now() / 1000);
    const report = async (lat: number, alerting: boolean) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/ingest/osmand?id=${device_credential.device_credential}&timestamp=${(clock += 10)}&lat=${lat}&lon=-89.657&accuracy=5&alerting=${alerting}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const [listed] = (await call('GET', `${PATH}?hotspot_id=HS-ACTIVITY`, USER)).json().data;
      return listed;
    };
    // 50 m north of the ramp, quiet: along the zone, which stays in standby.
    expect(await report(39.8105, false)).toMatchObject({
      id: saved.id,
      is_active: false,
      things: [{ id: thingId, name: 'WWD-RAMP-92', is_active: false }],
      active_things: [],
    });
    // Detecting a wrong-way driver: the zone is active.
    expect(await report(39.8105, true)).toMatchObject({
      is_active: true,
      active_things: [{ id: thingId, name: 'WWD-RAMP-92', is_active: true }],
    });
    // Half a kilometre away it belongs to the zone no more.
    expect(await report(39.815, true)).toMatchObject({ is_active: false, things: [] });
  });
});

describe('incidents on a zone', () => {
  /** 20 m north of the ramp. */
  const SCENE = { lat: 39.8102, lng: -89.657 };
  let at = Math.floor(Date.now() / 1000) - 3_600;
  const report = async (car: { deviceId: string }, position: { lat: number; lng: number }, speed = 0) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=${car.deviceId}&timestamp=${(at += 10)}&lat=${position.lat}&lon=${position.lng}&speed=${speed}&alerting=true`,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** A patrol car stops there with its lights on for the dwell time: an incident opens; returns it. */
  const arrive = async (car: { id: string; deviceId: string }): Promise<Incident> => {
    await report(car, SCENE);
    at += SCENE_RULES.dwellMs / 1000;
    await report(car, SCENE);
    const active = (await t.as(USER).request('GET', '/api/locations/active'))
      .json<{ data: Incident[] }>()
      .data.filter((location) => location.things_active.some((thing) => thing.id === car.id));
    expect(active).toHaveLength(1);
    return active[0]!;
  };
  const leave = (car: { deviceId: string }) => report(car, { lat: SCENE.lat + 0.01, lng: SCENE.lng }, 20);
  const listed = async (hotspotId: string, email = USER): Promise<Zone> =>
    (await call('GET', `${PATH}?hotspot_id=${hotspotId}`, email)).json().data[0];

  it('is active while an incident on it is open, listing it with when the zone stops counting it', async () => {
    await call('POST', PATH, ADMIN, zone({ hotspot_id: 'HS-INCIDENT', default_expiry_minutes: 1_440 }));
    const incident = await arrive(cars[0]!);
    expect(await listed('HS-INCIDENT')).toMatchObject({
      is_active: true,
      things: [],
      active_things: [],
      active_locations: [
        {
          id: incident.id,
          external_id: incident.external_id,
          start_time: incident.start_time,
          default_expiry: new Date(Date.parse(incident.start_time) + 1_440 * 60_000).toISOString(),
        },
      ],
    });
    // Another organisation's zone on the same road does not count this one's incident.
    await call('POST', PATH, OTHER_ADMIN, zone({ hotspot_id: 'HS-INCIDENT' }));
    expect(await listed('HS-INCIDENT', OTHER_ADMIN)).toMatchObject({
      is_active: false,
      active_locations: [],
    });
    // The incident ends with its last responder leaving: the zone is in standby again.
    await leave(cars[0]!);
    expect(await listed('HS-INCIDENT')).toMatchObject({ is_active: false, active_locations: [] });
  });

  it("stops counting an open incident at its start + the zone's default expiry (a fake clock)", async () => {
    await call('POST', PATH, ADMIN, zone({ hotspot_id: 'HS-EXPIRING', default_expiry_minutes: 30 }));
    const incident = await arrive(cars[1]!);
    let now = 0;
    const zones = new ZonesService(
      new ZonesRepository(t.db),
      t.app.accounts,
      t.app.incidents,
      t.app.alertSources,
      () => now,
    );
    const principal = {
      userId: 'user',
      sessionId: 'session',
      organizationId: OWN,
      roleId: 2,
      permissions: [],
    };
    const shown = async (minutesAfterStart: number) => {
      now = Date.parse(incident.start_time) + minutesAfterStart * 60_000;
      const [expiring] = await zones.list(principal, undefined, 'HS-EXPIRING');
      return { is_active: expiring!.is_active, counted: expiring!.active_locations.map((l) => l.id) };
    };
    expect(await shown(29)).toEqual({ is_active: true, counted: [incident.id] });
    expect(await shown(30)).toEqual({ is_active: false, counted: [] });
    await leave(cars[1]!);
  });
});
