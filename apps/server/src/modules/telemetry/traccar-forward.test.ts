/**
 * Traccar's forwarding, with bodies as Traccar's forwarders write them (PositionData and EventData
 * serialised by Jackson: dates as ISO text, speed in knots, nulls included): positions and events as
 * a device (its credential, or a legacy device's System Id) and for a whole organisation (an API
 * key, assets by System Id), through the one pipeline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { thingWithState } from '../../../test/thing-state';
import { thingTypeId } from '../../seed/reference-data';
import {
  traccarDevice,
  traccarEvent,
  traccarPosition,
  traccarTime,
} from '@flare/core/testing/traccar-forward';

let t: TestApp;
/** Six patrol cars (each test takes its own, by a System Id known before they are made) and an SUV. */
const car = (n: number) => `PATROL-${100 + n}`;
const cars: Array<{ id: string; deviceId: string }> = [];
let suv: { id: string; deviceId: string };
/** An arrow board of another organisation, which this one only accesses. */
let accessedBoard: { id: string; deviceId: string };
/** The organisation's admin and media user; a platform administrator, and its fleet organisation. */
let ADMIN: string;
let MEDIA: string;
let PLATFORM: string;
let FLEET: string;
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  const accessed = await given.organization({ type: 'road_works' });
  const own = await given.organization({ accesses: [accessed.id] });
  const fleet = await given.organization({ type: 'acs' });
  for (let n = 1; n <= 6; n += 1) cars.push(await given.asset(own.id, { deviceId: car(n) }));
  suv = await given.asset(own.id);
  accessedBoard = await given.asset(accessed.id, { type: 'arrow_board' });
  ADMIN = (await given.user(own.id, 'ADMIN')).email;
  MEDIA = (await given.user(own.id, 'USER_EVENTS_ONLY')).email;
  PLATFORM = (await given.user(fleet.id, 'PLATFORM_ADMIN')).email;
  FLEET = fleet.id;
});
afterAll(() => t.close());

/** An asset's id by its device id. */
const idOf = (deviceId: string) => [...cars, suv].find((c) => c.deviceId === deviceId)!.id;

const forward = (payload: unknown, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/ingest/traccar${query}`, payload: payload as object });

const pointsOf = (deviceId: string) =>
  t.db
    .selectFrom('points')
    .select(['recorded_at', 'lat', 'speed', 'battery', 'charging', 'alarm', 'attributes'])
    .where('thing_id', '=', idOf(deviceId))
    .orderBy('recorded_at')
    .execute();

describe('position forwarding (forward.type json)', () => {
  it("moves a legacy device's asset by its uniqueId, mapping Traccar's fields and keeping the rest", async () => {
    const position = traccarPosition();
    const response = await forward({ position, device: traccarDevice(car(6)) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ accepted: 1 });
    const state = await thingWithState(t.db, car(6));
    expect([state.lat, state.lng, state.course, state.battery, state.charging]).toEqual([
      39.7817,
      -89.6501,
      92,
      87,
      false,
    ]);
    expect(state.speed).toBeCloseTo(10, 3);
    expect(state.accuracy).toBeNull();
    const [point] = (await pointsOf(car(6))).filter(
      (p) => p.recorded_at.getTime() === Date.parse(position.fixTime),
    );
    expect(point?.attributes).toMatchObject({
      ignition: true,
      motion: true,
      odometer: 1_234_567,
      io69: 1,
      protocol: 'teltonika',
    });
  });

  it('keeps an older forwarded position as history only', async () => {
    await forward({
      position: traccarPosition({ fixTime: traccarTime(10), latitude: 39.79 }),
      device: traccarDevice(car(5)),
    });
    const older = await forward({
      position: traccarPosition({ fixTime: traccarTime(600), latitude: 39.5 }),
      device: traccarDevice(car(5)),
    });
    expect(older.statusCode).toBe(200);
    expect((await thingWithState(t.db, car(5))).lat).toBe(39.79);
    expect((await pointsOf(car(5))).map((p) => p.lat)).toContain(39.5);
  });

  it('takes a registered device by the credential its forwarding URL carries, never by its uniqueId', async () => {
    const platform = (await t.signIn(PLATFORM)).access_token;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: bearer(platform),
      payload: {
        device_id: 'TRACCAR-IMEI-1',
        thing_type_id: thingTypeId('tow'),
        organization_id: FLEET,
        device_type: 'api',
      },
    });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    const credential = registered.json<{ device_credential: { device_credential: string } }>()
      .device_credential.device_credential;
    const body = { position: traccarPosition({ latitude: 41.2 }), device: traccarDevice('TRACCAR-IMEI-1') };
    const byUniqueId = await forward(body);
    expect(byUniqueId.statusCode).toBe(400);
    expect(byUniqueId.json().message).toContain('unknown device id "TRACCAR-IMEI-1"');
    const byCredential = await forward(body, `?credential=${encodeURIComponent(credential)}`);
    expect(byCredential.statusCode, byCredential.body).toBe(200);
    expect((await thingWithState(t.db, 'TRACCAR-IMEI-1')).lat).toBe(41.2);
  });

  it.each([
    ['a body that is not an object', '"x"', 'is not a forwarded position or event'],
    ['no position', { device: traccarDevice(car(4)) }, 'position is missing'],
    [
      'a position that is not an object',
      { position: 5, device: traccarDevice(car(4)) },
      'position 5 is not a position object',
    ],
    ['no device', { position: traccarPosition() }, 'device.uniqueId is missing'],
    [
      'an unknown device',
      { position: traccarPosition(), device: traccarDevice('NOT-IN-FLARE') },
      'unknown device id "NOT-IN-FLARE"',
    ],
    [
      'a latitude out of range',
      { position: traccarPosition({ latitude: 91 }), device: traccarDevice(car(4)) },
      'position.latitude 91 is out of range',
    ],
    [
      'a fix time that is not a time',
      { position: traccarPosition({ fixTime: 'soon' }), device: traccarDevice(car(4)) },
      'position.fixTime "soon" is not a time',
    ],
  ])('refuses %s with 400 and the reason, storing nothing', async (_case, body, reason) => {
    const before = (await pointsOf(car(4))).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/traccar',
      headers: { 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(reason);
    expect((await pointsOf(car(4))).length).toBe(before);
  });
});

describe('event forwarding (event.forward.url)', () => {
  it("raises an alarm event's alarm on the asset, as Traccar Client's SOS does", async () => {
    const response = await forward({
      event: traccarEvent('alarm', { alarm: 'sos' }),
      position: traccarPosition({ fixTime: traccarTime(20), attributes: {} }),
      device: traccarDevice(car(3)),
    });
    expect(response.statusCode, response.body).toBe(200);
    const state = await thingWithState(t.db, car(3));
    expect(state.alarm).toBe('sos');
    expect(state.alarm_raised_at).not.toBeNull();
  });

  it('records ignition and motion events on the report of their position, and keeps every event type', async () => {
    const fixTimes = [traccarTime(50), traccarTime(40), traccarTime(35)];
    for (const [type, fixTime] of [
      ['ignitionOff', fixTimes[0]],
      ['deviceStopped', fixTimes[1]],
      ['geofenceEnter', fixTimes[2]],
    ] as const) {
      const response = await forward({
        event: traccarEvent(type, type === 'geofenceEnter' ? { geofence: 'Depot' } : {}),
        position: traccarPosition({ fixTime, attributes: { ignition: true, motion: true } }),
        device: traccarDevice(car(2)),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const points = await pointsOf(car(2));
    const at = (fixTime: string) => points.find((p) => p.recorded_at.getTime() === Date.parse(fixTime));
    expect(at(fixTimes[0]!)?.attributes).toMatchObject({
      event: 'ignitionOff',
      ignition: false,
      motion: true,
    });
    expect(at(fixTimes[1]!)?.attributes).toMatchObject({
      event: 'deviceStopped',
      ignition: true,
      motion: false,
    });
    expect(at(fixTimes[2]!)?.attributes).toMatchObject({ event: 'geofenceEnter', ignition: true });
  });

  it("acknowledges Traccar's own connection events, which carry no position, and stores nothing", async () => {
    const before = (await pointsOf(car(1))).length;
    const response = await forward({
      event: traccarEvent('deviceOffline'),
      device: traccarDevice(car(1)),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ accepted: 0 });
    expect((await pointsOf(car(1))).length).toBe(before);
  });
});

describe('forwarding for a whole organisation (an API key, assets by System Id)', () => {
  const forwardAs = async (email: string, deviceId: string, latitude: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest/traccar/organization',
      headers: bearer((await t.signIn(email)).access_token),
      payload: {
        position: traccarPosition({ fixTime: traccarTime(5), latitude }),
        device: traccarDevice(deviceId),
      },
    });

  it("moves the organisation's own assets, named by their System Id", async () => {
    const response = await forwardAs(ADMIN, suv.deviceId, 39.8);
    expect(response.statusCode, response.body).toBe(200);
    expect((await thingWithState(t.db, suv.deviceId)).lat).toBe(39.8);
  });

  it('refuses an asset the organisation only accesses, and a caller who may not edit assets', async () => {
    // The organisation only accesses the other's arrow boards: they are not its to move.
    const foreign = await forwardAs(ADMIN, accessedBoard.deviceId, 41.5);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain(`unknown device id "${accessedBoard.deviceId}"`);
    expect((await thingWithState(t.db, accessedBoard.deviceId)).lat).not.toBe(41.5);
    const viewer = await forwardAs(MEDIA, suv.deviceId, 39.9);
    expect(viewer.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/traccar/organization',
      payload: { position: traccarPosition(), device: traccarDevice(suv.deviceId) },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
