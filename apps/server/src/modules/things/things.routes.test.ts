import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THING_MESSAGES, ThingSchema } from '@flare/core/schemas/thing';
import {
  DEFAULT_DEVICE_CONFIGURATION,
  DEVICE_CONFIGURATION_MESSAGES,
} from '@flare/core/things/device-configuration';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { thingTypeId } from '../../seed/reference-data';
import { stableId } from '../../seed/stable-id';

/**
 * A fleet operator (PSF) manages a police department (SPD) and a road-works organisation (CRW); the
 * department sees the road-works organisation and, as their accessor, its arrow boards. Their assets
 * by System Id (`THG-…`), with ids fixed here as the cases name them before set-up.
 */
const SPD = randomUUID();
const CRW = randomUUID();
const PSF = randomUUID();
type FleetAsset = { deviceId: string; name: string; type?: string };
const FLEET: Record<string, FleetAsset[]> = {
  [SPD]: [
    ...Array.from({ length: 10 }, (_, i) => ({ deviceId: `THG-CAR-${101 + i}`, name: `Patrol ${101 + i}` })),
    { deviceId: 'THG-SUV-101', name: 'SUV 101' },
    { deviceId: 'THG-SUV-102', name: 'SUV 102' },
  ],
  [CRW]: [
    { deviceId: 'THG-AB-101', name: 'Arrow Board 101', type: 'arrow_board' },
    { deviceId: 'THG-AB-102', name: 'Arrow Board 102', type: 'arrow_board' },
    { deviceId: 'THG-MNT-101', name: 'Plow 101', type: 'maintenance' },
  ],
};
const thingIds = new Map(
  Object.values(FLEET).flatMap((assets) => assets.map((a) => [a.deviceId, randomUUID()])),
);
const thingId = (deviceId: string) => thingIds.get(deviceId)!;
const fleetOf = (organizationId: string) => FLEET[organizationId]!;
const CAR = thingId('THG-CAR-101');
/** People by role and organisation. */
let SPD_USER: string;
let SPD_ADMIN: string;
let SPD_MEDIA: string;
let CRW_ADMIN: string;
let CRW_ORG_ADMIN: string;
let PSF_ORG_ADMIN: string;
let PLATFORM: string;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  await given.organization({ id: CRW, name: 'Capital Road Works', type: 'road_works', wzdx: true });
  await given.organization({ id: SPD, name: 'Springfield Police Department', accesses: [CRW] });
  await given.organization({
    id: PSF,
    name: 'Prairie State Fleet Services',
    type: 'acs',
    large: true,
    manages: [SPD, CRW],
  });
  for (const { deviceId, name } of fleetOf(SPD))
    await given.asset(SPD, { id: thingId(deviceId), deviceId, name, responder: true });
  for (const { deviceId, name, type } of fleetOf(CRW))
    await given.asset(CRW, {
      id: thingId(deviceId),
      deviceId,
      name,
      type,
      accessors: type === 'arrow_board' ? [SPD] : [],
    });
  SPD_USER = (await given.user(SPD, 'USER')).email;
  SPD_ADMIN = (await given.user(SPD, 'ADMIN')).email;
  SPD_MEDIA = (await given.user(SPD, 'USER_EVENTS_ONLY')).email;
  CRW_ADMIN = (await given.user(CRW, 'ADMIN')).email;
  CRW_ORG_ADMIN = (await given.user(CRW, 'MANUFACTURER_ADMIN')).email;
  PSF_ORG_ADMIN = (await given.user(PSF, 'MANUFACTURER_ADMIN')).email;
  PLATFORM = (await given.user(PSF, 'PLATFORM_ADMIN')).email;
});
afterAll(() => t.close());

const get = async (url: string, email: string) =>
  t.app.inject({ method: 'GET', url, headers: await t.as(email).headers() });
const put = async (url: string, email: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: await t.as(email).headers(), payload });

describe('GET /api/organization/things', () => {
  it("lists the caller's organisation by default, in the wire format, with meta", async () => {
    const response = await get('/api/organization/things', SPD_USER);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // Springfield PD's own assets plus the arrow boards it accesses.
    const expected = fleetOf(SPD).length + fleetOf(CRW).filter((a) => a.type === 'arrow_board').length;
    expect(body.meta).toEqual({ page: 1, per_page: 500, total: expected });
    expect(body.data).toHaveLength(expected);
    for (const thing of body.data) ThingSchema.parse(thing);
    const car = body.data.find((x: { id: string }) => x.id === CAR);
    expect(car).toMatchObject({
      haas_id: 'THG-CAR-101',
      nickname: 'Patrol 101',
      is_responder: true,
      organization: { id: SPD },
    });
  });

  it('pages with page and per_page', async () => {
    const first = (await get('/api/organization/things?per_page=5&page=1', SPD_USER)).json();
    const second = (await get('/api/organization/things?per_page=5&page=2', SPD_USER)).json();
    expect(first.data).toHaveLength(5);
    expect(second.data).toHaveLength(5);
    expect(new Set([...first.data, ...second.data].map((x: { id: string }) => x.id)).size).toBe(10);
  });

  it('answers 400, never a server error, for paging and dates beyond what the database holds', async () => {
    for (const query of [
      'page=9007199254740991&per_page=5000',
      'page=1000001',
      'last_updated_timestamp=-8640000000000',
      'last_updated_timestamp=99999999999999999',
    ]) {
      const response = await get(`/api/organization/things?${query}`, SPD_USER);
      expect(response.statusCode, query).toBe(400);
    }
    const farPage = await get('/api/organization/things?page=1000000&per_page=5000', SPD_USER);
    expect(farPage.statusCode).toBe(200);
    expect(farPage.json().data).toEqual([]);
  });

  it('lists organisations the caller manages, and answers 404 for one it may not see', async () => {
    const managed = await get(`/api/organization/things?org_ids[]=${CRW}`, PSF_ORG_ADMIN);
    expect(managed.statusCode).toBe(200);
    expect(managed.json().meta.total).toBe(fleetOf(CRW).length);
    const refused = await get(`/api/organization/things?org_ids[]=${SPD}`, CRW_ADMIN);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Organization not found');
  });

  it('returns only what changed since last_updated_timestamp, deactivated assets included', async () => {
    // The timestamp is in whole seconds: the change is stored just after the next whole second,
    // which everything stored so far is before (instead of waiting for that second to come).
    const since = Math.floor(Date.now() / 1000) + 1;
    await t.db
      .updateTable('things')
      .set({ is_active: false, updated_at: new Date(since * 1000 + 1) })
      .where('id', '=', thingId('THG-CAR-109'))
      .execute();
    const changed = (await get(`/api/organization/things?last_updated_timestamp=${since}`, SPD_USER)).json();
    expect(
      changed.data.map((x: { haas_id: string; is_active: boolean }) => [x.haas_id, x.is_active]),
    ).toEqual([['THG-CAR-109', false]]);
    const full = (await get('/api/organization/things', SPD_USER)).json();
    expect(full.data.some((x: { haas_id: string }) => x.haas_id === 'THG-CAR-109')).toBe(false);
  });

  it('counts online, offline and out-of-service assets', async () => {
    const counts = (await get('/api/organization/things_count', SPD_USER)).json();
    expect(counts.total).toBe(counts.online + counts.offline + counts.out_of_service);
    expect(counts.total).toBeGreaterThan(10);
  });

  it('needs the view-things permission', async () => {
    expect((await get('/api/organization/things', SPD_MEDIA)).statusCode).toBe(403);
  });
});

describe('PUT /api/things/:id', () => {
  it('updates only the fields sent and returns the asset', async () => {
    const response = await put(`/api/things/${CAR}`, SPD_ADMIN, {
      in_service: false,
      is_publicly_alerting: true,
      nickname: 'Unit 7',
      vin_number: '1FMCU9J98EUA12345',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nickname: 'Unit 7',
      in_service: false,
      vin_number: '1FMCU9J98EUA12345',
      license_plate_number: null,
    });
  });

  it('refuses a nickname another asset of the organization already has', async () => {
    const response = await put(`/api/things/${thingId('THG-CAR-102')}`, SPD_ADMIN, {
      in_service: true,
      is_publicly_alerting: true,
      nickname: 'patrol 103',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('Asset nickname cannot be updated');
  });

  it('changing the type clears the subtype; a subtype must belong to the type', async () => {
    const patrol = stableId('thing_subtype:police:patrol_car');
    expect(
      (
        await put(`/api/things/${CAR}`, SPD_ADMIN, {
          in_service: true,
          is_publicly_alerting: true,
          thing_subtype_id: patrol,
        })
      ).json().thing_subtype.name,
    ).toBe('patrol_car');
    const changed = (
      await put(`/api/things/${CAR}`, SPD_ADMIN, {
        in_service: true,
        is_publicly_alerting: true,
        thing_type_id: thingTypeId('fire'),
      })
    ).json();
    expect(changed.thing_type.name).toBe('fire');
    expect(changed.thing_subtype).toBeNull();
    const wrong = await put(`/api/things/${CAR}`, SPD_ADMIN, {
      in_service: true,
      is_publicly_alerting: true,
      thing_subtype_id: patrol,
    });
    expect(wrong.statusCode).toBe(422);
  });

  it('offers an emergency asset only emergency types; other assets may take any type', async () => {
    const refused = await put(`/api/things/${thingId('THG-SUV-101')}`, SPD_ADMIN, {
      in_service: true,
      is_publicly_alerting: true,
      thing_type_id: thingTypeId('tow'),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('An emergency asset can only have an emergency type');
    expect((await get(`/api/things/${thingId('THG-SUV-101')}`, SPD_ADMIN)).json().thing_type.name).toBe(
      'police',
    );
    const board = await put(`/api/things/${thingId('THG-MNT-101')}`, CRW_ADMIN, {
      in_service: true,
      is_publicly_alerting: true,
      thing_type_id: thingTypeId('tow'),
    });
    expect(board.statusCode).toBe(200);
    expect(board.json().thing_type.name).toBe('tow');
  });

  it('refuses more than two integrations', async () => {
    const response = await put(`/api/things/${CAR}`, SPD_ADMIN, {
      in_service: true,
      is_publicly_alerting: true,
      external_identifiers: [
        { identifier_id: 'a', system_name: 'geotab' },
        { identifier_id: 'b', system_name: 'samsara' },
        { identifier_id: 'c', system_name: 'geotab' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Available providers in use');
  });

  it.each([
    [{ vin_number: 'ABC-123' }, 'Please only use numbers or letters'],
    [{ nickname: 'x'.repeat(51) }, 'Must be 50 or fewer characters'],
    [{ nickname: '   ' }, 'Required'],
    [
      {
        external_identifiers: [
          { identifier_id: 'a', system_name: 'geotab' },
          { identifier_id: 'b', system_name: 'geotab' },
        ],
      },
      'Provider already used',
    ],
  ])('refuses %o with "%s" and changes nothing', async (change, message) => {
    const before = (await get(`/api/things/${CAR}`, SPD_ADMIN)).json();
    const response = await put(`/api/things/${CAR}`, SPD_ADMIN, {
      in_service: true,
      is_publicly_alerting: true,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect((await get(`/api/things/${CAR}`, SPD_ADMIN)).json()).toEqual(before);
  });

  it('keeps at most one integration per provider, removing those sent with isDeleted', async () => {
    const added = await put(`/api/things/${CAR}`, SPD_ADMIN, {
      in_service: true,
      is_publicly_alerting: true,
      external_identifiers: [
        { identifier_id: 'G-1', system_name: 'geotab', isDeleted: false },
        { identifier_id: 'S-1', system_name: 'samsara', isDeleted: false },
      ],
    });
    expect(added.json().external_identifiers.map((e: { system_name: string }) => e.system_name)).toEqual([
      'geotab',
      'samsara',
    ]);
    const removed = await put(`/api/things/${CAR}`, SPD_ADMIN, {
      in_service: true,
      is_publicly_alerting: true,
      external_identifiers: [{ identifier_id: 'S-1', system_name: 'samsara', isDeleted: true }],
    });
    expect(removed.json().external_identifiers).toEqual([
      { identifier_id: 'G-1', system_name: 'geotab', is_deleted: false },
    ]);
  });

  it('answers "Asset not found" to organisations that may not edit the asset', async () => {
    // Springfield PD only accesses Capital Road Works' arrow boards.
    const board = thingId('THG-AB-101');
    expect((await get(`/api/things/${board}`, SPD_USER)).statusCode).toBe(200);
    const refused = await put(`/api/things/${board}`, SPD_ADMIN, {
      in_service: false,
      is_publicly_alerting: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Asset not found');
    expect(
      (
        await put(`/api/things/${CAR}`, CRW_ADMIN, {
          in_service: false,
          is_publicly_alerting: true,
        })
      ).statusCode,
    ).toBe(422);
  });

  it('needs the edit-thing permission', async () => {
    expect(
      (
        await put(`/api/things/${CAR}`, SPD_USER, {
          in_service: false,
          is_publicly_alerting: true,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('PUT /api/things/:id/associations', () => {
  it('sets managers and accessors and deletes them', async () => {
    const url = `/api/things/${CAR}/associations`;
    const set = await put(url, SPD_ADMIN, {
      organization_relationships: [
        { organization_uuid: CRW, organization_name: 'Capital Road Works', relationship_type: 'accessor' },
      ],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().organization_relationships).toEqual([
      { organization_uuid: CRW, organization_name: 'Capital Road Works', relationship_type: 'accessor' },
    ]);
    expect((await get(`/api/things/${CAR}`, SPD_USER)).statusCode).toBe(200);
    expect((await get(`/api/things/${CAR}`, CRW_ADMIN)).statusCode).toBe(200);
    const removed = await put(url, SPD_ADMIN, {
      organization_relationships: [{ organization_uuid: CRW, relationship_type: 'delete' }],
    });
    expect(removed.json().organization_relationships).toEqual([]);
    expect((await get(`/api/things/${CAR}`, CRW_ADMIN)).statusCode).toBe(422);
  });

  it('grants access only to organisations the caller sees, but may change or remove existing ones', async () => {
    // Springfield PD sees itself and Capital Road Works, not Prairie State Fleet Services.
    const refused = await put(`/api/things/${CAR}/associations`, SPD_ADMIN, {
      organization_relationships: [{ organization_uuid: PSF, relationship_type: 'accessor' }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Organization not found');
    expect((await get(`/api/things/${CAR}`, SPD_ADMIN)).json().organization_relationships).toEqual([]);
    // Capital Road Works sees only itself, yet may promote and remove Springfield PD on its arrow board.
    const board = `/api/things/${thingId('THG-AB-102')}/associations`;
    const promoted = await put(board, CRW_ADMIN, {
      organization_relationships: [{ organization_uuid: SPD, relationship_type: 'manager' }],
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().organization_relationships).toMatchObject([
      { organization_uuid: SPD, relationship_type: 'manager' },
    ]);
    const removed = await put(board, CRW_ADMIN, {
      organization_relationships: [{ organization_uuid: SPD, relationship_type: 'delete' }],
    });
    expect(removed.json().organization_relationships).toEqual([]);
    const regranted = await put(board, CRW_ADMIN, {
      organization_relationships: [{ organization_uuid: SPD, relationship_type: 'accessor' }],
    });
    expect(regranted.statusCode).toBe(422);
  });

  it('refuses the owner as a manager or accessor', async () => {
    const response = await put(`/api/things/${CAR}/associations`, SPD_ADMIN, {
      organization_relationships: [{ organization_uuid: SPD, relationship_type: 'manager' }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The owner cannot also be a manager or accessor');
  });

  it('refuses an unknown organisation', async () => {
    const response = await put(`/api/things/${CAR}/associations`, SPD_ADMIN, {
      organization_relationships: [{ organization_uuid: stableId('nowhere'), relationship_type: 'manager' }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Organization not found');
  });
});

describe('registration and reference data', () => {
  it('platform administrators register a new asset; admins without asset administration may not', async () => {
    const body = {
      device_id: 'NEW-DEVICE-1',
      thing_type_id: thingTypeId('tow'),
      organization_id: CRW,
      nickname: 'Wrecker 9',
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: await t.as(CRW_ADMIN).headers(),
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: await t.as(PLATFORM).headers(),
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      haas_id: 'NEW-DEVICE-1',
      status: 'offline',
      organization: { id: CRW },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: await t.as(PLATFORM).headers(),
      payload: body,
    });
    expect(again.statusCode).toBe(422);
    // The new device can report at once, with the credential it was given (not its System Id).
    const credential = created.json().device_credential.device_credential;
    const report = (id: string) =>
      t.app.inject({ method: 'GET', url: `/api/ingest/osmand?id=${id}&lat=43.07&lon=-89.4` });
    expect((await report('NEW-DEVICE-1')).statusCode).toBe(400);
    expect((await report(credential)).statusCode).toBe(200);
  });

  it('Org Admins register assets for their own organisation and those they manage, no other', async () => {
    const register = async (email: string, device_id: string, organization_id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/things',
        headers: await t.as(email).headers(),
        payload: { device_id, thing_type_id: thingTypeId('maintenance'), organization_id },
      });
    const own = await register(CRW_ORG_ADMIN, 'CRW-NEW-1', CRW);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({ haas_id: 'CRW-NEW-1', organization: { id: CRW } });
    // Prairie Fleet manages Capital Roadworks.
    const managed = await register(PSF_ORG_ADMIN, 'CRW-NEW-2', CRW);
    expect(managed.statusCode, managed.body).toBe(201);
    const foreign = await register(CRW_ORG_ADMIN, 'SPD-NEW-1', SPD);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe(THING_MESSAGES.organizationNotFound);
    const registered = t.db.selectFrom('things').select('id').where('device_id', '=', 'SPD-NEW-1');
    expect(await registered.execute()).toEqual([]);
  });

  it('stores a device id as reports are compared (trimmed, NFC), and refuses one the database cannot hold', async () => {
    const register = async (device_id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/things',
        headers: await t.as(PLATFORM).headers(),
        payload: { device_id, thing_type_id: thingTypeId('tow'), organization_id: CRW },
      });
    // Registered decomposed (e + combining accent): stored composed, and a report in either form matches.
    const created = await register(' CAFE\u0301-9 ');
    expect(created.statusCode).toBe(201);
    expect(created.json().haas_id).toBe('CAF\u00c9-9');
    // Reports name it by System Id once it is marked as a legacy device.
    const legacy = await t.app.inject({
      method: 'PUT',
      url: `/api/things/${created.json().id}/device_credential`,
      headers: await t.as(PLATFORM).headers(),
      payload: { legacy_device_id: true },
    });
    expect(legacy.statusCode).toBe(200);
    for (const id of ['CAFE\u0301-9', 'CAF\u00c9-9']) {
      const report = await t.app.inject({
        method: 'GET',
        url: `/api/ingest/osmand?id=${encodeURIComponent(id)}&lat=43.07&lon=-89.4`,
      });
      expect(report.statusCode, report.body).toBe(200);
    }
    const refused = await register('NUL\u0000ID');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('contains a NUL character');
  });

  it('GET /api/things/coverage reports the share of the last 24 hours with reports', async () => {
    await t.app.inject({ method: 'GET', url: `/api/ingest/osmand?id=THG-CAR-103&lat=39.7&lon=-89.6` });
    const response = await get(
      `/api/things/coverage?thing_ids[]=${thingId('THG-CAR-103')}&thing_ids[]=${thingId('THG-CAR-106')}`,
      SPD_USER,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=60');
    const [reported, silent] = response.json();
    expect(reported.points_24h).toBe(1);
    expect(reported.coverage).toBeCloseTo(1 / 288);
    expect(silent).toMatchObject({ points_24h: 0, coverage: 0, last_report_at: null });
  });
});

describe('device configuration', () => {
  const url = `/api/things/${CAR}/configuration`;

  it('answers the defaults for an asset without a model: heartbeat, R2R timing, no ports', async () => {
    const response = await get(url, SPD_ADMIN);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      thingId: CAR,
      systemId: 'THG-CAR-101',
      ...DEFAULT_DEVICE_CONFIGURATION,
      deviceModel: null,
      ports: {},
    });
  });

  it('sets the model and ports, and answers them in every later document', async () => {
    const settings = { deviceModel: 'IBR1700', ports: { E2: 'both', P1: 'output', P2: 'input' } };
    const saved = await put(url, SPD_ADMIN, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      deviceModel: 'IBR1700',
      ports: { P1: 'output', P2: 'input', E2: 'both' },
    });
    // An administrator of an organisation managing the owner reads the same.
    const read = await get(url, PSF_ORG_ADMIN);
    expect(read.json()).toEqual(saved.json());
    const cleared = await put(url, SPD_ADMIN, { deviceModel: null, ports: {} });
    expect(cleared.json()).toMatchObject({ deviceModel: null, ports: {} });
  });

  it('refuses a model or ports it does not know, saying why (400)', async () => {
    for (const [body, message] of [
      [{ deviceModel: 'IBR1800', ports: {} }, DEVICE_CONFIGURATION_MESSAGES.unknownModel],
      [{ deviceModel: null, ports: { P1: 'output' } }, DEVICE_CONFIGURATION_MESSAGES.portsWithoutModel],
      [{ deviceModel: 'R500', ports: { E6: 'input' } }, 'E6'],
    ] as const) {
      const response = await put(url, SPD_ADMIN, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('needs asset administration, and an asset the caller may change', async () => {
    expect((await get(url, SPD_USER)).statusCode).toBe(403);
    const settings = { deviceModel: 'R920', ports: {} };
    expect((await put(url, SPD_USER, settings)).statusCode).toBe(403);
    for (const response of [await get(url, CRW_ADMIN), await put(url, CRW_ADMIN, settings)]) {
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(THING_MESSAGES.notFound);
    }
    expect((await get(url, SPD_ADMIN)).json().deviceModel).not.toBe('R920');
  });
});
