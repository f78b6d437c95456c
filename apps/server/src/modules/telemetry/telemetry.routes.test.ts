import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { setState, thingWithState } from '../../../test/thing-state';
import { thingTypeId } from '../../seed/reference-data';
import { EventBus } from '../../platform/bus/event-bus';
import { DeviceDirectory } from './device-directory';
import { TelemetryRepository } from './telemetry.repository';

let t: TestApp;
/**
 * A police department with its cars (`TEL-CAR-…`) and users; a road-works organisation whose arrow
 * boards (`TEL-AB-…`) the department may see (their accessor) but not manage; a tow fleet that registers
 * new devices; a platform administrator. Each app's database is its own, so System Ids may be fixed.
 */
let SPD: string;
let fleet: string;
const carIds = new Map<string, string>();
let boardId: string;
let admin: string;
let media: string;
let roadworksAdmin: string;
let platform: string;
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  SPD = (await given.organization()).id;
  const roadworks = await given.organization({ type: 'road_works' });
  fleet = (await given.organization({ type: 'tow' })).id;
  const operator = await given.organization({ type: 'acs' });
  for (const n of [101, 102, 103, 104, 105, 106, 109]) {
    const deviceId = `TEL-CAR-${n}`;
    carIds.set(deviceId, (await given.asset(SPD, { deviceId })).id);
  }
  const board = (deviceId: string) =>
    given.asset(roadworks.id, { deviceId, type: 'arrow_board', accessors: [SPD] });
  await board('TEL-AB-101');
  boardId = (await board('TEL-AB-103')).id;
  admin = (await given.user(SPD, 'ADMIN')).email;
  media = (await given.user(SPD, 'USER_EVENTS_ONLY')).email;
  roadworksAdmin = (await given.user(roadworks.id, 'ADMIN')).email;
  platform = (await given.user(operator.id, 'PLATFORM_ADMIN')).email;
});
afterAll(() => t.close());

const DEVICE = 'TEL-CAR-101';
const thing = () => thingWithState(t.db, DEVICE);
const pointCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('points')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const osmand = (query: string) => t.app.inject({ method: 'POST', url: `/api/ingest/osmand?${query}` });
const nowS = () => Math.floor(Date.now() / 1000);

describe('OsmAnd protocol (Traccar Client)', () => {
  it('stores a report sent as query parameters and moves the asset', async () => {
    const sentAt = nowS() * 1000;
    const response = await osmand(
      `id=${DEVICE}&lat=39.8&lon=-89.65&timestamp=${nowS()}&speed=10&bearing=90&accuracy=5&batt=80`,
    );
    expect(response.statusCode).toBe(200);
    const row = await thing();
    expect(row.lat).toBeCloseTo(39.8);
    expect(row.lng).toBeCloseTo(-89.65);
    expect(row.speed).toBeCloseTo(5.14444, 4);
    expect(row.course).toBe(90);
    expect(row.status).toBe('standby');
    // The report's own time (whole seconds), however long the request took.
    expect(row.heartbeat_at!.getTime()).toBeGreaterThanOrEqual(sentAt);
    expect(row.heartbeat_at!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('alerting=1 (emergency lights on) makes the asset active', async () => {
    await osmand(`id=${DEVICE}&lat=39.81&lon=-89.65&timestamp=${Date.now()}&alerting=1`);
    const row = await thing();
    expect(row.enroute).toBe(true);
    expect(row.status).toBe('active');
  });

  it('accepts the GET form, milliseconds and ISO timestamps', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/ingest/osmand?id=${DEVICE}&lat=39.82&lon=-89.6&timestamp=${Date.now()}`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await osmand(
          `id=${DEVICE}&lat=39.83&lon=-89.6&timestamp=${encodeURIComponent(new Date().toISOString())}`,
        )
      ).statusCode,
    ).toBe(200);
    expect((await thing()).lat).toBeCloseTo(39.83);
  });

  it('accepts form-encoded bodies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/osmand',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${DEVICE}&lat=39.84&lon=-89.6&timestamp=${Date.now()}`,
    });
    expect(response.statusCode).toBe(200);
    expect((await thing()).lat).toBeCloseTo(39.84);
  });

  it('accepts the JSON body of newer Traccar Client versions (speed in m/s)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/osmand',
      payload: {
        device_id: DEVICE,
        location: {
          timestamp: new Date().toISOString(),
          coords: {
            latitude: 39.85,
            longitude: -89.61,
            speed: 12.5,
            heading: 180,
            accuracy: 8,
            altitude: 180,
          },
          battery: { level: 0.42, is_charging: false },
          extras: { alerting: false },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const row = await thing();
    expect(row.lat).toBeCloseTo(39.85);
    expect(row.speed).toBeCloseTo(12.5);
    expect(row.enroute).toBe(false);
  });

  it.each([
    ['an unknown device id', 'id=NOPE-1&lat=1&lon=1', 'unknown device id "NOPE-1"'],
    ['a latitude out of range', `id=${DEVICE}&lat=91&lon=1`, 'lat "91" is out of range (-90 to 90)'],
    ['a malformed longitude', `id=${DEVICE}&lat=1&lon=abc`, 'lon "abc" is not a number'],
    [
      'a timestamp far in the future',
      `id=${DEVICE}&lat=1&lon=1&timestamp=${nowS() + 3600}`,
      'more than 5 minutes in the future',
    ],
  ])('refuses %s with its reason and stores nothing', async (_case, query, reason) => {
    const before = await pointCount();
    const response = await osmand(query);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(reason);
    expect(await pointCount()).toBe(before);
  });

  it('counts accepted and rejected reports for platform administrators', async () => {
    const operator = await t.signIn(platform);
    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/ingest/stats', headers: bearer(operator.access_token) })
    ).json();
    expect(stats.accepted).toBeGreaterThanOrEqual(6);
    expect(stats.rejected.unknown_device).toBeGreaterThanOrEqual(1);
    expect(stats.rejected.invalid).toBeGreaterThanOrEqual(2);
    expect(stats.rejected.future_timestamp).toBeGreaterThanOrEqual(1);
    const user = await t.signIn(admin);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ingest/stats', headers: bearer(user.access_token) }))
        .statusCode,
    ).toBe(403);
  });

  it('a report less accurate than 100 m is a check-in but does not move the asset', async () => {
    const before = await thing();
    // A check-in after the last one (not a resend of it), without waiting for the clock to move on.
    const timestamp = Math.max(Date.now(), before.heartbeat_at!.getTime() + 1);
    expect(
      (await osmand(`id=${DEVICE}&lat=40.5&lon=-89&accuracy=150&timestamp=${timestamp}`)).statusCode,
    ).toBe(200);
    const after = await thing();
    expect(after.lat).toBe(before.lat);
    expect(after.heartbeat_at!.getTime()).toBeGreaterThan(before.heartbeat_at!.getTime());
    const stored = await t.db
      .selectFrom('points')
      .select('accepted')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(stored.accepted).toBe(false);
  });
});

describe('late (out-of-order) reports', () => {
  const lateThing = (device: string) => thingWithState(t.db, device);

  it('are stored as history but change neither position nor state', async () => {
    const report = (query: string) => osmand(`id=TEL-CAR-106&lon=-89.6&${query}`);
    const now = Date.now();
    expect((await report(`lat=39.7&timestamp=${now}&alerting=1&in_service=1`)).statusCode).toBe(200);
    const current = await lateThing('TEL-CAR-106');
    const before = await pointCount();
    expect((await report(`lat=39.5&timestamp=${now - 60_000}&alerting=0&in_service=0`)).statusCode).toBe(200);
    expect(await pointCount()).toBe(before + 1);
    const after = await lateThing('TEL-CAR-106');
    expect(after).toMatchObject({
      lat: current.lat,
      enroute: true,
      in_service: true,
      status: 'active',
      heartbeat_at: new Date(now),
      position_at: new Date(now),
    });
    const history = await t.db
      .selectFrom('points')
      .select(['lat', 'alerting'])
      .where('thing_id', '=', after.id)
      .where('recorded_at', '=', new Date(now - 60_000))
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ lat: 39.5, alerting: false });
  });

  it('do not move an asset whose latest check-in had no usable position', async () => {
    const report = (query: string) => osmand(`id=TEL-CAR-109&lon=-89.6&${query}`);
    const now = Date.now();
    expect((await report(`lat=39.6&timestamp=${now - 120_000}`)).statusCode).toBe(200);
    // The newest check-in is too inaccurate to move the asset...
    expect((await report(`lat=41&accuracy=500&timestamp=${now}`)).statusCode).toBe(200);
    // ...and an accurate report older than it arrives late: the asset stays where it was.
    expect((await report(`lat=39.4&timestamp=${now - 60_000}`)).statusCode).toBe(200);
    const row = await lateThing('TEL-CAR-109');
    expect(row.lat).toBeCloseTo(39.6);
    expect(row.heartbeat_at).toEqual(new Date(now));
  });
});

describe('JSON batch API', () => {
  let token: string;
  beforeEach(async () => {
    token = (await t.signIn(admin)).access_token;
  });
  const batch = (points: unknown[], accessToken = token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest/points',
      headers: bearer(accessToken),
      payload: { points },
    });
  const at = Date.now();

  it('stores many reports for many assets in one request', async () => {
    const before = await pointCount();
    const points = Array.from({ length: 30 }, (_, i) => ({
      device_id: `TEL-CAR-10${(i % 3) + 2}`,
      lat: 39.7 + i / 1000,
      lng: -89.6,
      timestamp: at - (30 - i) * 1000,
      speed: 10,
      alerting: i % 2 === 0,
    }));
    const response = await batch(points);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 30 });
    expect(await pointCount()).toBe(before + 30);
    const latest = await thingWithState(t.db, 'TEL-CAR-104');
    expect(latest.lat).toBeCloseTo(39.7 + 29 / 1000);
  });

  it('stores nothing when one report is bad, and names it', async () => {
    const before = await pointCount();
    const response = await batch([
      { device_id: 'TEL-CAR-102', lat: 39.7, lng: -89.6, timestamp: at },
      { device_id: 'TEL-CAR-102', lat: 39.7, lng: 200, timestamp: at },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('point 1: lng 200 is out of range (-180 to 180)');
    expect(await pointCount()).toBe(before);
  });

  it("refuses devices outside the caller's organisations", async () => {
    const roadworks = (await t.signIn(roadworksAdmin)).access_token;
    const response = await batch(
      [{ device_id: 'TEL-CAR-102', lat: 39.7, lng: -89.6, timestamp: at }],
      roadworks,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('unknown device id "TEL-CAR-102"');
  });

  it('refuses assets the caller only accesses', async () => {
    // The department may see the road-works organisation's arrow boards but does not manage them.
    const response = await batch([{ device_id: 'TEL-AB-101', lat: 43.07, lng: -89.4, timestamp: at }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('unknown device id "TEL-AB-101"');
  });

  it('takes reports for an asset whose owner names the caller its manager, from that moment', async () => {
    const board = boardId;
    const report = () => batch([{ device_id: 'TEL-AB-103', lat: 43.07, lng: -89.4, timestamp: Date.now() }]);
    // The department only accesses the arrow board: refused (and the board's route is now cached).
    expect((await report()).statusCode).toBe(400);
    const roadworks = (await t.signIn(roadworksAdmin)).access_token;
    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/api/things/${board}/associations`,
      headers: bearer(roadworks),
      payload: {
        organization_relationships: [{ organization_uuid: SPD, relationship_type: 'manager' }],
      },
    });
    expect(promoted.statusCode).toBe(200);
    // The same rule as editing the asset: a manager of the asset may change it, and report for it.
    expect((await report()).json()).toEqual({ accepted: 1 });
  });

  it('needs a signed-in caller who may edit assets', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/ingest/points', payload: { points: [] } })).statusCode,
    ).toBe(401);
    const mediaToken = (await t.signIn(media)).access_token;
    expect(
      (await batch([{ device_id: 'TEL-CAR-102', lat: 1, lng: 1, timestamp: at }], mediaToken)).statusCode,
    ).toBe(403);
  });
});

describe('status sweep', () => {
  it('moves statuses as the windows pass', async () => {
    const id = carIds.get('TEL-CAR-105')!;
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    await setState(t.db, id, { status: 'active', enroute: true, heartbeat_at: hoursAgo(3) });
    expect(await t.app.statusSweep.sweep()).toBeGreaterThanOrEqual(1);
    const status = async () =>
      (
        await t.db
          .selectFrom('thing_states')
          .select('status')
          .where('thing_id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe('pending');
    await setState(t.db, id, { heartbeat_at: hoursAgo(97) });
    await t.app.statusSweep.sweep();
    expect(await status()).toBe('offline');
  });

  it('the seeded silent assets age into pending and offline', async () => {
    await t.app.statusSweep.sweep();
    const rows = await t.db
      .selectFrom('things')
      .innerJoin('thing_states as s', 's.thing_id', 'things.id')
      .select(['device_id', 's.status'])
      .where('device_id', 'in', ['SPD-CAR-110', 'SPD-SUV-103'])
      .orderBy('device_id')
      .execute();
    expect(rows).toEqual([
      { device_id: 'SPD-CAR-110', status: 'pending' },
      { device_id: 'SPD-SUV-103', status: 'offline' },
    ]);
  });
});

describe('registering a device', () => {
  const register = async (device_id: string) => {
    const operator = (await t.signIn(platform)).access_token;
    return t.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: bearer(operator),
      payload: {
        device_id,
        thing_type_id: thingTypeId('tow'),
        organization_id: fleet,
      },
    });
  };

  it('a registered device reports with the credential it was given, not with its System Id', async () => {
    const response = await register('LATE-1');
    expect(response.statusCode).toBe(201);
    const { device_credential } = response.json<{ device_credential: { device_credential: string } }>();
    const bySystemId = await osmand('id=LATE-1&lat=41.88&lon=-87.63');
    expect([bySystemId.statusCode, bySystemId.body]).toEqual([400, 'unknown device id "LATE-1".']);
    expect((await osmand(`id=${device_credential.device_credential}&lat=41.88&lon=-87.63`)).statusCode).toBe(
      200,
    );
  });

  it('reaches the device directories of other server processes through the bus', async () => {
    // Another process: its own directory, on the same database and bus.
    const elsewhere = new DeviceDirectory(new TelemetryRepository(t.db));
    const stop = await elsewhere.follow(new EventBus(t.app.bus, t.app.log));
    try {
      const known = async () => (await elsewhere.resolve(['LATE-2'], 'systemId')).has('LATE-2');
      expect(await known()).toBe(false);
      expect((await register('LATE-2')).statusCode).toBe(201);
      await vi.waitFor(async () => expect(await known()).toBe(true), { timeout: 30_000 });
    } finally {
      await stop();
    }
  });
});
