/**
 * The areas API (`/api/organization/exclusion_zone`): every save rule and message, who may do what,
 * other organisations' areas, and stations through the real ingest path.
 */
import destination from '@turf/destination';
import { point } from '@turf/helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METERS_PER_MILE, polygonOf, type LngLat } from '@flare/core/areas/area-geometry';
import { AreaSchema, AREA_MESSAGES } from '@flare/core/schemas/area';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ezTypeId } from '../../seed/reference-data';

let t: TestApp;
/** The organisation whose areas are saved, and another one. */
let own: { id: string; name: string };
let other: { id: string; name: string };
/** Their admin and user, the other's admin, a platform administrator. */
let ADMIN: string;
let USER: string;
let OTHER_ADMIN: string;
let PLATFORM: string;
/** The organisation's car that parks in stations. */
let car: { id: string; deviceId: string };
const PATH = '/api/organization/exclusion_zone';

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  const platform = await given.organization({ type: 'acs' });
  [own, other] = [await given.organization(), await given.organization({ type: 'road_works' })];
  ADMIN = (await given.user(own.id, 'ADMIN')).email;
  USER = (await given.user(own.id, 'USER')).email;
  OTHER_ADMIN = (await given.user(other.id, 'ADMIN')).email;
  PLATFORM = (await given.user(platform.id, 'PLATFORM_ADMIN')).email;
  car = await given.asset(own.id);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  email: string,
  payload?: Record<string, unknown>,
) => t.as(email).request(method, url, payload);

const CENTER: LngLat = [-89.65, 39.8];
/** Where the station tests park: away from the areas the other tests add. */
const STATION_CORNER: LngLat = [-89.6, 39.75];
/** A square of the given side (m) with its south-west corner at `corner`. */
function square(side: number, corner: LngLat = CENTER) {
  const step = (from: LngLat, bearing: number) =>
    destination(point(from), side, bearing, { units: 'meters' }).geometry.coordinates as LngLat;
  const east = step(corner, 90);
  return polygonOf([corner, east, step(east, 0), step(corner, 0)]);
}

const area = (patch: Record<string, unknown> = {}) => ({
  name: 'North lot',
  desc: 'Behind the depot',
  ez_type_id: ezTypeId('exclusion'),
  lat: CENTER[1],
  lng: CENTER[0],
  area_geom: square(200),
  address1: '800 E Monroe St',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country_code: 'us',
  ...patch,
});

describe('saving areas', () => {
  it('adds an exclusion polygon, which the organisation lists in the wire format', async () => {
    const created = await call('POST', PATH, ADMIN, area());
    expect(created.statusCode, created.body).toBe(201);
    const saved = AreaSchema.parse(created.json());
    expect(saved).toMatchObject({
      organization_id: own.id,
      organization_name: own.name,
      name: 'North lot',
      desc: 'Behind the depot',
      radius_dist: 0,
      point_geom: null,
      country_code: 'US',
      ez_type: { db_name: 'exclusion', is_av_type: false },
    });
    expect(saved.area_geom!.coordinates[0]).toHaveLength(5);
    const listed = (await call('GET', PATH, USER)).json().data as Array<{ id: string }>;
    expect(listed.map((a) => a.id)).toContain(saved.id);
  });

  it('adds points of interest (radius 0, a point) and keeps legacy circles (radius in miles)', async () => {
    const poi = (await call('POST', PATH, ADMIN, area({ is_poi: true, ez_type_id: ezTypeId('poi') }))).json();
    expect(poi).toMatchObject({
      radius_dist: 0,
      area_geom: null,
      point_geom: { type: 'Point', coordinates: CENTER },
    });
    const legacy = (
      await call(
        'POST',
        PATH,
        ADMIN,
        area({ area_geom: null, radius_dist: 0.25, ez_type_id: ezTypeId('station') }),
      )
    ).json();
    expect(legacy).toMatchObject({ radius_dist: 0.25, area_geom: null, point_geom: null });
  });

  it('refuses shapes with the messages users see, and saves nothing', async () => {
    const before = (await call('GET', PATH, ADMIN)).json().data.length;
    const refusals: Array<[Record<string, unknown>, string]> = [
      [
        { area_geom: { type: 'Polygon', coordinates: [[CENTER, [-89.64, 39.8], CENTER]] } },
        AREA_MESSAGES.tooFewPoints,
      ],
      [{ area_geom: null }, AREA_MESSAGES.tooFewPoints],
      [
        {
          area_geom: polygonOf([
            [-89.66, 39.8],
            [-89.65, 39.81],
            [-89.65, 39.8],
            [-89.66, 39.81],
          ]),
        },
        AREA_MESSAGES.invalidShape,
      ],
      // 0.5 square miles is a square of 1,138 m a side.
      [{ area_geom: square(Math.sqrt(0.51) * METERS_PER_MILE) }, AREA_MESSAGES.tooLarge],
    ];
    for (const [patch, message] of refusals) {
      const response = await call('POST', PATH, ADMIN, area(patch));
      expect(response.statusCode, message).toBe(422);
      expect(response.json().message).toBe(message);
    }
    const accepted = await call(
      'POST',
      PATH,
      ADMIN,
      area({ area_geom: square(Math.sqrt(0.49) * METERS_PER_MILE) }),
    );
    expect(accepted.statusCode).toBe(201);
    expect((await call('GET', PATH, ADMIN)).json().data.length).toBe(before + 1);
  });

  it('checks the fields: name, position, address by country', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: ' ' }, 'Required'],
      [{ name: 'x'.repeat(101) }, AREA_MESSAGES.nameTooLong],
      [{ lat: null }, AREA_MESSAGES.positionRequired],
      [{ postal_code: '6270' }, 'Invalid zip code'],
      [{ country_code: 'CA', state: 'ON', postal_code: '62701' }, 'Invalid postal code'],
      [{ state: '' }, 'Required'],
      [{ name: 'Nul\u0000' }, 'name'],
    ];
    for (const [patch, message] of cases) {
      const response = await call('POST', PATH, ADMIN, area(patch));
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const canadian = await call(
      'POST',
      PATH,
      ADMIN,
      area({ country_code: 'ca', state: 'ON', postal_code: 'k1a 0b1' }),
    );
    expect(canadian.json()).toMatchObject({ postal_code: 'K1A 0B1', country_code: 'CA' });
  });

  it('changes an area with the whole body, and 404s an unknown one', async () => {
    const { id } = (await call('POST', PATH, ADMIN, area())).json();
    const changed = await call(
      'PUT',
      `${PATH}/${id}`,
      ADMIN,
      area({ name: 'South lot', area_geom: square(100) }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id, name: 'South lot' });
    const unknown = await call('PUT', `${PATH}/${crypto.randomUUID()}`, ADMIN, area());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(AREA_MESSAGES.notFound);
  });

  it('deletes an area; deleting it again answers 404 Area not found', async () => {
    const { id } = (await call('POST', PATH, ADMIN, area())).json();
    const deleted = await call('DELETE', `${PATH}/${id}`, ADMIN);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id });
    const again = await call('DELETE', `${PATH}/${id}`, ADMIN);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(AREA_MESSAGES.notFound);
    const listed = (await call('GET', PATH, ADMIN)).json().data as Array<{ id: string }>;
    expect(listed.map((a) => a.id)).not.toContain(id);
  });
});

describe('who may do what', () => {
  it('users see areas but may not add, change or delete them', async () => {
    const { id } = (await call('POST', PATH, ADMIN, area())).json();
    expect((await call('POST', PATH, USER, area())).statusCode).toBe(403);
    expect((await call('PUT', `${PATH}/${id}`, USER, area({ name: 'Mine' }))).statusCode).toBe(403);
    expect((await call('DELETE', `${PATH}/${id}`, USER)).statusCode).toBe(403);
    expect((await call('GET', `${PATH}?org_ids[]=${own.id}`, USER)).statusCode).toBe(200);
  });

  it('autonomous-vehicle types and other organisations need a platform administrator', async () => {
    for (const type of ['no_stop', 'no_enter'])
      expect((await call('POST', PATH, ADMIN, area({ ez_type_id: ezTypeId(type) }))).statusCode).toBe(403);
    expect((await call('POST', PATH, ADMIN, area({ organization_id: other.id }))).statusCode).toBe(403);
    const av = await call(
      'POST',
      PATH,
      PLATFORM,
      area({ ez_type_id: ezTypeId('no_stop'), organization_id: own.id }),
    );
    expect(av.statusCode).toBe(201);
    expect(av.json().organization_id).toBe(own.id);
    // The owner's admin may neither change nor delete it, nor turn an area of theirs into one.
    expect((await call('PUT', `${PATH}/${av.json().id}`, ADMIN, area())).statusCode).toBe(403);
    expect((await call('DELETE', `${PATH}/${av.json().id}`, ADMIN)).statusCode).toBe(403);
    const { id } = (await call('POST', PATH, ADMIN, area())).json();
    expect(
      (await call('PUT', `${PATH}/${id}`, ADMIN, area({ ez_type_id: ezTypeId('no_enter') }))).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', PATH, PLATFORM, area({ organization_id: crypto.randomUUID() }))).statusCode,
    ).toBe(404);
  });

  it("another organisation neither lists nor touches an organisation's areas", async () => {
    const { id } = (await call('POST', PATH, ADMIN, area())).json();
    const listed = await call('GET', `${PATH}?org_ids[]=${own.id}`, OTHER_ADMIN);
    expect(listed.statusCode).toBe(404);
    expect(listed.json().message).toBe('Organization not found');
    expect((await call('GET', PATH, OTHER_ADMIN)).json().data.map((a: { id: string }) => a.id)).not.toContain(
      id,
    );
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await call(
        method,
        `${PATH}/${id}`,
        OTHER_ADMIN,
        method === 'PUT' ? area() : undefined,
      );
      expect(response.statusCode, method).toBe(404);
    }
    expect((await call('GET', PATH, ADMIN)).json().data.map((a: { id: string }) => a.id)).toContain(id);
  });
});

describe('stations in the ingest pipeline', () => {
  let clock = Math.floor(Date.now() / 1000) - 3_600;
  const inside = { lat: STATION_CORNER[1] + 0.0005, lng: STATION_CORNER[0] + 0.0005 };
  const outside = { lat: STATION_CORNER[1] - 0.01, lng: STATION_CORNER[0] - 0.01 };
  const stationArea = (name: string) =>
    area({ name, ez_type_id: ezTypeId('station'), area_geom: square(300, STATION_CORNER) });

  async function report(at: { lat: number; lng: number }, accuracy: number, alerting = false) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=${car.deviceId}&timestamp=${(clock += 10)}&lat=${at.lat}&lon=${at.lng}&accuracy=${accuracy}&alerting=${alerting}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const thing = await call('GET', `/api/things/${car.id}`, USER);
    return thing.json<{ lat: number; lng: number; station_id: string | null }>();
  }

  it('links an asset to the station it parks in, 30 m accuracy there, and lets it go when it responds', async () => {
    const station = (await call('POST', PATH, ADMIN, stationArea('Station 1'))).json();
    expect(await report(outside, 50)).toMatchObject({ ...outside, station_id: null });
    expect(await report(inside, 10)).toMatchObject({ ...inside, station_id: station.id });
    // At the station, a fix less accurate than 30 m does not move the asset (it still checks in).
    const drift = { lat: inside.lat + 0.0002, lng: inside.lng };
    expect(await report(drift, 50)).toMatchObject({ ...inside, station_id: station.id });
    expect(await report(drift, 25)).toMatchObject({ ...drift, station_id: station.id });
    // Responding (lights on) leaves the station even inside it.
    expect(await report(drift, 10, true)).toMatchObject({ station_id: null });
    expect(await report(inside, 10)).toMatchObject({ station_id: station.id });
    // A station that is deleted lets its assets go, and is not found again.
    expect((await call('DELETE', `${PATH}/${station.id}`, ADMIN)).statusCode).toBe(200);
    expect((await call('GET', `/api/things/${car.id}`, USER)).json().station_id).toBeNull();
    expect(await report(inside, 10)).toMatchObject({ station_id: null });
  });

  it('sends the station on the live state of an asset, and only for its own organisation', async () => {
    const yard = (await call('POST', PATH, OTHER_ADMIN, stationArea('Yard'))).json();
    expect(yard.organization_id).toBe(other.id);
    // The car inside the other organisation's station is at no station.
    expect(await report(inside, 10)).toMatchObject({ station_id: null });
  });
});
