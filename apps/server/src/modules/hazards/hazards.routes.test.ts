/**
 * Hazards end to end: users report them (with a note and a photo) and devices through the ingest API
 * (by their credential, with the same refusals and limits as their reports); the hazard report's
 * filters and rules; resolving; who may do what, and which organisations see which hazards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAZARD_MESSAGES, HazardSchema, HazardsSchema, type Hazard } from '@flare/core/schemas/hazard';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
/**
 * A police department (SPRINGFIELD) that may see a road-works organisation (CAPITAL), both managed by a
 * fleet operator (Prairie); their users, and the department's cars (`HAZ-CAR-…`, reporting by System Id).
 */
let SPRINGFIELD: string;
let CAPITAL: string;
const carIds = new Map<string, string>();
type Person = { email: string; name: string };
let spdUser: Person;
let spdAdmin: Person;
let spdMedia: string;
let spdOrgAdmin: string;
let crwUser: string;
let crwAdmin: string;
let prairieAdmin: string;
const HOUR = 3_600_000;
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR…'),
]);
const AT = { lat: 39.78, lng: -89.65 };

const report = async (email: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/hazards', headers: await t.as(email).headers(), payload });
const reported = async (email: string, payload: object): Promise<Hazard> => {
  const response = await report(email, payload);
  expect(response.statusCode, response.body).toBe(201);
  return HazardSchema.parse(response.json());
};
const deviceReport = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/ingest/hazards', payload });
const search = async (query: string, email = spdUser.email) =>
  t.app.inject({
    method: 'GET',
    url: `/api/organization/hazards?${query}`,
    headers: await t.as(email).headers(),
  });
const ids = async (query: string, email?: string) => {
  const response = await search(query, email);
  expect(response.statusCode, response.body).toBe(200);
  return HazardsSchema.parse(response.json()).hazards.map((h) => h.id);
};
const resolve = async (id: string, email: string) =>
  t.app.inject({ method: 'PUT', url: `/api/hazards/${id}/resolve`, headers: await t.as(email).headers() });
const hazardCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('hazards')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0', INGEST_DEVICE_REQUESTS_PER_MINUTE: '3' });
  const given = fixtures(t);
  CAPITAL = (await given.organization({ type: 'road_works', wzdx: true })).id;
  SPRINGFIELD = (await given.organization({ accesses: [CAPITAL] })).id;
  const prairie = await given.organization({ type: 'acs', large: true, manages: [SPRINGFIELD, CAPITAL] });
  for (const n of [102, 103, 104, 105]) {
    const deviceId = `HAZ-CAR-${n}`;
    carIds.set(deviceId, (await given.asset(SPRINGFIELD, { deviceId, name: `Patrol ${n}` })).id);
  }
  spdUser = await given.user(SPRINGFIELD, 'USER');
  spdAdmin = await given.user(SPRINGFIELD, 'ADMIN');
  spdMedia = (await given.user(SPRINGFIELD, 'USER_EVENTS_ONLY')).email;
  spdOrgAdmin = (await given.user(SPRINGFIELD, 'MANUFACTURER_ADMIN')).email;
  crwUser = (await given.user(CAPITAL, 'USER')).email;
  crwAdmin = (await given.user(CAPITAL, 'ADMIN')).email;
  prairieAdmin = (await given.user(prairie.id, 'ADMIN')).email;
});
afterAll(() => t.close());

describe('reporting a hazard (POST /api/hazards)', () => {
  it("stores it now, in the reporter's organisation, with its note and photo", async () => {
    const before = Date.now();
    const hazard = await reported(spdUser.email, {
      hazard_type: 'debris',
      severity: 'high',
      ...AT,
      note: '  Ladder in the left lane  ',
      photo: { content_type: 'image/png', data: PNG.toString('base64') },
    });
    expect(hazard).toMatchObject({
      organization_id: SPRINGFIELD,
      hazard_type: 'debris',
      severity: 'high',
      ...AT,
      note: 'Ladder in the left lane',
      has_photo: true,
      status: 'open',
      resolved_at: null,
      resolved_by: null,
      reported_by: { kind: 'user', name: spdUser.name },
    });
    expect(Date.parse(hazard.reported_at)).toBeGreaterThanOrEqual(before - 1000);

    const photo = await t.app.inject({
      method: 'GET',
      url: `/api/hazards/${hazard.id}/photo`,
      headers: await t.as(spdUser.email).headers(),
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.rawPayload.equals(PNG)).toBe(true);

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/hazards/${hazard.id}`,
      headers: await t.as(spdMedia).headers(),
    });
    // Media users see events only.
    expect(one.statusCode).toBe(403);
  });

  it('refuses bad input with the form messages, storing nothing', async () => {
    const count = await hazardCount();
    const valid = { hazard_type: 'ice', severity: 'low', ...AT };
    const refusal = async (payload: object) => {
      const response = await report(spdUser.email, payload);
      expect(response.statusCode).toBe(400);
      return response.json<{ message: string }>().message;
    };
    expect(await refusal({ ...valid, hazard_type: undefined })).toContain(HAZARD_MESSAGES.typeRequired);
    expect(await refusal({ ...valid, hazard_type: 'lava' })).toContain(HAZARD_MESSAGES.typeRequired);
    expect(await refusal({ ...valid, severity: 'extreme' })).toContain(HAZARD_MESSAGES.severityRequired);
    expect(await refusal({ ...valid, lat: 91 })).toContain(HAZARD_MESSAGES.invalidLocation);
    expect(await refusal({ ...valid, note: 'x'.repeat(501) })).toContain('Limit 500 characters');
    // PNG bytes said to be a JPEG, and a GIF.
    expect(
      await refusal({ ...valid, photo: { content_type: 'image/jpeg', data: PNG.toString('base64') } }),
    ).toBe(HAZARD_MESSAGES.photoType);
    expect(
      await refusal({ ...valid, photo: { content_type: 'image/gif', data: PNG.toString('base64') } }),
    ).toContain(HAZARD_MESSAGES.photoType);
    const tooLarge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    expect(await refusal({ ...valid, photo: { content_type: 'image/png', data: tooLarge } })).toContain(
      HAZARD_MESSAGES.photoTooLarge,
    );
    expect(await hazardCount()).toBe(count);
  });

  it('needs the report permission, and an organisation the reporter manages', async () => {
    const valid = { hazard_type: 'crash', severity: 'medium', ...AT };
    expect((await report(spdMedia, valid)).statusCode).toBe(403);
    // Springfield only accesses Capital Road Works' data; Prairie manages it.
    const notManaged = await report(spdAdmin.email, { ...valid, organization_id: CAPITAL });
    expect(notManaged.statusCode).toBe(404);
    expect(notManaged.json()).toMatchObject({ message: 'Organization not found' });
    const managed = await reported(prairieAdmin, { ...valid, organization_id: CAPITAL });
    expect(managed.organization_id).toBe(CAPITAL);
  });
});

describe('devices reporting hazards (POST /api/ingest/hazards)', () => {
  it("files the hazard under the asset's owner, dated by the device, by its credential", async () => {
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/things/${carIds.get('HAZ-CAR-102')!}/device_credential`,
      headers: await t.as(spdOrgAdmin).headers(),
    });
    const { device_credential } = issued.json<{ device_credential: string }>();
    const seenAt = Date.now() - 2 * HOUR;
    const response = await deviceReport({
      device_id: device_credential,
      hazard_type: 'pothole',
      severity: 'medium',
      ...AT,
      timestamp: seenAt / 1000,
      note: 'Deep one, eastbound',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    const hazard = HazardSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/hazards/${id}`,
          headers: await t.as(spdUser.email).headers(),
        })
      ).json(),
    );
    expect(hazard).toMatchObject({
      organization_id: SPRINGFIELD,
      hazard_type: 'pothole',
      reported_at: iso(seenAt),
      has_photo: false,
      reported_by: { kind: 'thing', id: carIds.get('HAZ-CAR-102')!, name: 'Patrol 102' },
    });
  });

  it('refuses unknown devices and bad reports like any device report, storing nothing', async () => {
    const count = await hazardCount();
    const valid = { device_id: 'HAZ-CAR-103', hazard_type: 'animal', severity: 'low', ...AT };
    const unknown = await deviceReport({ ...valid, device_id: 'NO-SUCH-DEVICE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: 'unknown_device',
      message: 'unknown device id "NO-SUCH-DEVICE".',
    });
    const future = await deviceReport({ ...valid, timestamp: iso(Date.now() + HOUR) });
    expect(future.json()).toMatchObject({ message: HAZARD_MESSAGES.futureTimestamp });
    const bad = await deviceReport({ ...valid, severity: 'extreme' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(HAZARD_MESSAGES.severityRequired);
    expect(await hazardCount()).toBe(count);
  });

  it("shares the device's request limit with its position reports (429 with Retry-After)", async () => {
    const valid = { device_id: 'HAZ-CAR-104', hazard_type: 'animal', severity: 'low', ...AT };
    for (let i = 0; i < 2; i++) expect((await deviceReport(valid)).statusCode).toBe(201);
    const osmand = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=HAZ-CAR-104&lat=${AT.lat}&lon=${AT.lng}`,
    });
    expect(osmand.statusCode).toBe(200);
    const over = await deviceReport(valid);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the hazard report (GET /api/organization/hazards)', () => {
  let older: Hazard;
  let flood: Hazard;
  beforeAll(async () => {
    flood = await reported(spdAdmin.email, { hazard_type: 'flooding', severity: 'low', ...AT });
    const response = await deviceReport({
      device_id: 'HAZ-CAR-105',
      hazard_type: 'flooding',
      severity: 'high',
      ...AT,
      timestamp: iso(Date.now() - 30 * HOUR),
    });
    older = HazardSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/hazards/${response.json<{ id: string }>().id}`,
          headers: await t.as(spdUser.email).headers(),
        })
      ).json(),
    );
  });

  it("lists the organisation's hazards of the last 24 hours by default, newest first", async () => {
    const response = await search('types[]=all');
    const { hazards, truncated } = HazardsSchema.parse(response.json());
    expect(truncated).toBe(false);
    expect(hazards[0]!.id).toBe(flood.id);
    expect(hazards.every((h) => h.organization_id === SPRINGFIELD)).toBe(true);
    expect(hazards.map((h) => h.id)).not.toContain(older.id);
    const times = hazards.map((h) => h.reported_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by types, severities, status and time range', async () => {
    const range = `start_time=${iso(Date.now() - 48 * HOUR)}&end_time=${iso(Date.now() + 60_000)}`;
    expect(await ids(`types[]=flooding&${range}`)).toEqual([flood.id, older.id]);
    expect(await ids(`types[]=flooding&severities[]=high&${range}`)).toEqual([older.id]);
    expect(await ids(`types[]=flooding&severities[]=high&severities[]=low&${range}`)).toEqual([
      flood.id,
      older.id,
    ]);
    expect(
      await ids(
        `types[]=flooding&types[]=ice&start_time=${iso(Date.now() - 31 * HOUR)}&end_time=${iso(Date.now() - 29 * HOUR)}`,
      ),
    ).toEqual([older.id]);
    expect(await ids(`types[]=flooding&status=resolved&${range}`)).toEqual([]);
    expect(await ids(`types[]=flooding&status=open&${range}`)).toEqual([flood.id, older.id]);
  });

  it('refuses a report without a type, or with a bad time range, with the form messages', async () => {
    const message = async (query: string) => {
      const response = await search(query);
      expect(response.statusCode).toBe(400);
      return response.json<{ message: string }>().message;
    };
    expect(await message('severities[]=low')).toBe('Must select at least 1 Hazard type');
    expect(
      await message(
        `types[]=all&start_time=${iso(Date.now() + HOUR)}&end_time=${iso(Date.now() + 2 * HOUR)}`,
      ),
    ).toBe('Must be past date');
    expect(
      await message(
        `types[]=all&start_time=${iso(Date.now() - HOUR)}&end_time=${iso(Date.now() - 2 * HOUR)}`,
      ),
    ).toBe('End time must be after Start time');
    expect(
      await message(`types[]=all&start_time=${iso(Date.now() - 40 * 24 * HOUR)}&end_time=${iso(Date.now())}`),
    ).toBe('Select up to 31 days');
    expect((await search('types[]=lava')).statusCode).toBe(400);
    expect((await search('types[]=all&start_time=soon')).statusCode).toBe(400);
  });
});

describe('resolving a hazard (PUT /api/hazards/{id}/resolve)', () => {
  it('needs the resolve permission; records who and when; only once', async () => {
    const hazard = await reported(spdUser.email, {
      hazard_type: 'crash',
      severity: 'high',
      ...AT,
    });
    expect((await resolve(hazard.id, spdUser.email)).statusCode).toBe(403);
    const response = await resolve(hazard.id, spdAdmin.email);
    expect(response.statusCode).toBe(200);
    const resolved = HazardSchema.parse(response.json());
    expect(resolved).toMatchObject({ status: 'resolved', resolved_by: { name: spdAdmin.name } });
    expect(Date.now() - Date.parse(resolved.resolved_at!)).toBeLessThan(60_000);
    const again = await resolve(hazard.id, spdAdmin.email);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Hazard is already resolved' });
    expect(await ids('types[]=crash&status=resolved')).toEqual([hazard.id]);
    expect(await ids('types[]=crash&status=open')).not.toContain(hazard.id);
  });
});

describe('organisations', () => {
  let springfield: Hazard;
  let capital: Hazard;
  beforeAll(async () => {
    springfield = await reported(spdUser.email, { hazard_type: 'ice', severity: 'high', ...AT });
    capital = await reported(crwUser, { hazard_type: 'ice', severity: 'low', ...AT });
  });

  it("keeps an organisation's hazards from those who do not see it", async () => {
    const outsider = crwAdmin;
    for (const url of [`/api/hazards/${springfield.id}`, `/api/hazards/${springfield.id}/photo`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: await t.as(outsider).headers() });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Hazard not found' });
    }
    expect((await resolve(springfield.id, outsider)).statusCode).toBe(404);
    expect((await search(`types[]=all&org_ids[]=${SPRINGFIELD}`, outsider)).statusCode).toBe(404);
    expect(await ids('types[]=ice', outsider)).toEqual([capital.id]);
    const row = await t.db
      .selectFrom('hazards')
      .select('resolved_at')
      .where('id', '=', springfield.id)
      .executeTakeFirstOrThrow();
    expect(row.resolved_at).toBeNull();
  });

  it('lets accessors see but not resolve, and managers resolve', async () => {
    // Springfield accesses Capital Road Works; Prairie manages both.
    expect(await ids(`types[]=ice&org_ids[]=${CAPITAL}`, spdAdmin.email)).toEqual([capital.id]);
    expect((await resolve(capital.id, spdAdmin.email)).statusCode).toBe(403);
    expect(await ids(`types[]=ice&org_ids[]=${SPRINGFIELD}&org_ids[]=${CAPITAL}`, prairieAdmin)).toEqual(
      expect.arrayContaining([springfield.id, capital.id]),
    );
    expect((await resolve(capital.id, prairieAdmin)).statusCode).toBe(200);
  });
});
