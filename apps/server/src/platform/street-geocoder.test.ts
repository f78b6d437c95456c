/**
 * Street names from a reverse geocoder: a local HTTP server answers in Nominatim's documented jsonv2
 * `/reverse` format (and Photon's GeoJSON); answers are cached per rounded position and requests are
 * spaced; an incident detected while a geocoder is configured gets its street from the place job (and
 * its saved area even while the geocoder is down), and a saved closure the streets left empty from its
 * route's first and last points.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import type { Closure } from '@flare/core/schemas/closure';
import type { Incident } from '@flare/core/schemas/incident';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { StreetGeocoder, streetOf } from './street-geocoder';

/** Nominatim's example answer to /reverse?format=jsonv2 (its documentation), placed in Springfield. */
const nominatimAnswer = (lat: string, lon: string) => ({
  place_id: 134140761,
  licence: 'Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright',
  osm_type: 'way',
  osm_id: 280940520,
  lat,
  lon,
  place_rank: 26,
  category: 'highway',
  type: 'primary',
  importance: 0.1,
  addresstype: 'road',
  name: 'North Grand Avenue East',
  display_name: 'North Grand Avenue East, Springfield, Sangamon County, Illinois, 62702, United States',
  address: {
    road: 'North Grand Avenue East',
    city: 'Springfield',
    county: 'Sangamon County',
    state: 'Illinois',
    'ISO3166-2-lvl4': 'US-IL',
    postcode: '62702',
    country: 'United States',
    country_code: 'us',
  },
  boundingbox: ['39.8', '39.9', '-89.7', '-89.6'],
});

let server: Server;
let baseUrl: string;
const requests: Array<{ at: number; url: URL; userAgent: string | undefined }> = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push({ at: Date.now(), url, userAgent: request.headers['user-agent'] });
    response.setHeader('content-type', 'application/json');
    if (url.pathname !== '/reverse' || url.searchParams.get('format') !== 'jsonv2') {
      response.statusCode = 400;
      response.end(JSON.stringify({ error: { code: 400, message: 'bad request' } }));
    } else if (Number(url.searchParams.get('lat')) < 0 || Number(url.searchParams.get('lon')) > 0) {
      response.end(JSON.stringify({ error: 'Unable to geocode' }));
    } else {
      response.end(
        JSON.stringify(nominatimAnswer(url.searchParams.get('lat')!, url.searchParams.get('lon')!)),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A police department of the app: its car's System Id, a user and an admin. */
async function department(t: TestApp) {
  const given = fixtures(t);
  const { id } = await given.organization();
  return {
    car: (await given.asset(id)).deviceId,
    user: (await given.user(id, 'USER')).email,
    admin: (await given.user(id, 'ADMIN')).email,
  };
}
type Department = Awaited<ReturnType<typeof department>>;

/** The department's car stands with lights on at 39.8, -89.65 for the dwell time: an incident opens there. */
async function openIncident(t: TestApp, { car }: Department): Promise<void> {
  const at = Math.floor(Date.now() / 1000) - 600;
  for (const timestamp of [at, at + SCENE_RULES.dwellMs / 1000]) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=${car}&timestamp=${timestamp}&lat=39.8&lon=-89.65&speed=0&alerting=true`,
    });
    expect(response.statusCode).toBe(200);
  }
}

describe('the street geocoder', () => {
  it("reads Nominatim's answer, its no-result answer, and Photon's", async () => {
    const geocoder = new StreetGeocoder(baseUrl, { minIntervalMs: 0, userAgent: 'Flare/test' });
    expect(await geocoder.streetAt(39.8, -89.65)).toBe('North Grand Avenue East');
    expect(await geocoder.streetAt(-10, 20)).toBeNull();
    expect(streetOf({ features: [{ properties: { street: 'Main Street', name: 'Town Hall' } }] })).toBe(
      'Main Street',
    );
    expect(streetOf({ features: [] })).toBeNull();
    expect(requests.at(-1)?.userAgent).toBe('Flare/test');
  });

  it('asks once per rounded position, and spaces its requests', async () => {
    const geocoder = new StreetGeocoder(baseUrl, { minIntervalMs: 300, userAgent: 'Flare/test' });
    const before = requests.length;
    await Promise.all([geocoder.streetAt(39.70001, -89.6), geocoder.streetAt(39.70002, -89.6)]);
    await geocoder.streetAt(39.71, -89.6);
    const made = requests.slice(before);
    expect(made).toHaveLength(2);
    expect(made[1]!.at - made[0]!.at).toBeGreaterThanOrEqual(290);
  });

  it('fails with a reason when the geocoder is down, and is asked again next time', async () => {
    const geocoder = new StreetGeocoder('http://127.0.0.1:1', { minIntervalMs: 0, userAgent: 'Flare/test' });
    await expect(geocoder.streetAt(39.8, -89.6)).rejects.toThrow('geocoder unreachable');
  });
});

describe('with a geocoder configured', () => {
  let t: TestApp;
  let spd: Department;
  beforeAll(async () => {
    t = await createTestApp({
      STATUS_SWEEP_MS: '0',
      GEOCODER_URL: baseUrl,
      GEOCODER_MIN_INTERVAL_MS: '0',
      JOB_POLL_MS: '500',
    });
    spd = await department(t);
  });
  afterAll(() => t.close());

  it('names the street of a new incident, after answering the report', async () => {
    await openIncident(t, spd);
    const token = (await t.signIn(spd.user)).access_token;
    const streets = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/locations/active', headers: bearer(token) }))
        .json<{ data: Incident[] }>()
        .data.map((location) => location.street);
    await expect.poll(streets, { timeout: 15_000 }).toEqual(['North Grand Avenue East']);
  });

  it("names a saved closure's empty streets from its route's ends, keeping the user's own, and its road names when none were given", async () => {
    const token = (await t.signIn(spd.admin)).access_token;
    const save = async (route: number[][], streets: Record<string, unknown> = {}) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/organization/closure',
        headers: bearer(token),
        payload: {
          closure_type: 'manual',
          description: 'Resurfacing',
          user_route: { type: 'LineString', coordinates: route },
          ...streets,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Closure>().id;
    };
    const named = await save([
      [-89.65, 39.8],
      [-89.64, 39.8],
    ]);
    const own = await save(
      [
        [-89.65, 39.81],
        [-89.64, 39.81],
      ],
      { street_start: 'Jefferson Street', road_names: ['IL-97'] },
    );
    // The geocoder knows no street at the route's end (east of Greenwich here).
    const unknownEnd = await save([
      [-89.65, 39.82],
      [10, 39.82],
    ]);
    const streets = async () => {
      const closures = (
        await t.app.inject({ method: 'GET', url: '/api/organization/closure', headers: bearer(token) })
      ).json<{ data: Closure[] }>().data;
      return [named, own, unknownEnd].map((id) => {
        const closure = closures.find((c) => c.id === id)!;
        return [closure.street_start, closure.street_end, closure.road_names];
      });
    };
    await expect.poll(streets, { timeout: 15_000 }).toEqual([
      ['North Grand Avenue East', 'North Grand Avenue East', ['North Grand Avenue East']],
      ['Jefferson Street', 'North Grand Avenue East', ['IL-97']],
      ['North Grand Avenue East', null, ['North Grand Avenue East']],
    ]);
  });
});

describe('with a geocoder that is down', () => {
  let t: TestApp;
  let spd: Department;
  beforeAll(async () => {
    t = await createTestApp({
      STATUS_SWEEP_MS: '0',
      GEOCODER_URL: 'http://127.0.0.1:1',
      GEOCODER_MIN_INTERVAL_MS: '0',
      JOB_POLL_MS: '500',
    });
    spd = await department(t);
  });
  afterAll(() => t.close());

  it('still names a new incident after the saved area it is near (the job is retried for the street)', async () => {
    const token = (await t.signIn(spd.admin)).access_token;
    const types = (await t.app.inject({ method: 'GET', url: '/api/ez_types', headers: bearer(token) })).json<
      Array<{ id: string; db_name: string }>
    >();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/organization/exclusion_zone',
      headers: bearer(token),
      payload: {
        name: 'Station 5',
        ez_type_id: types.find((type) => type.db_name === 'station')!.id,
        lat: 39.8,
        lng: -89.65,
        is_poi: true,
        city: 'Springfield',
        state: 'IL',
        country_code: 'US',
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await openIncident(t, spd);
    const places = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/locations/active', headers: bearer(token) }))
        .json<{ data: Incident[] }>()
        .data.map((location) => [location.street, location.near_area]);
    await expect.poll(places, { timeout: 15_000 }).toEqual([[null, { name: 'Station 5', distance_m: 0 }]]);
    const [incident] = (
      await t.app.inject({ method: 'GET', url: '/api/locations/active', headers: bearer(token) })
    ).json<{ data: Incident[] }>().data;
    await expect(t.app.incidents.namePlace(incident!.id)).rejects.toThrow('geocoder unreachable');
  });
});
