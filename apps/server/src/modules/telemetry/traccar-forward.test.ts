/**
 * Traccar's forwarding, with bodies as Traccar's forwarders write them (PositionData and EventData
 * serialised by Jackson: dates as ISO text, speed in knots, nulls included): positions and events as
 * a device (its credential, or a legacy device's System Id) and for a whole organisation (an API
 * key, assets by System Id), through the one pipeline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { thingWithState } from '../../../test/thing-state';
import { demoOrganizationId } from '../../seed/demo-data';
import { demoThingId } from '../../seed/demo-fleet';
import { thingTypeId } from '../../seed/reference-data';
import {
  traccarDevice,
  traccarEvent,
  traccarPosition,
  traccarTime,
} from '@flare/core/testing/traccar-forward';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
});
afterAll(() => t.close());

const forward = (payload: unknown, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/ingest/traccar${query}`, payload: payload as object });

const pointsOf = (deviceId: string) =>
  t.db
    .selectFrom('points')
    .select(['recorded_at', 'lat', 'speed', 'battery', 'charging', 'alarm', 'attributes'])
    .where('thing_id', '=', demoThingId(deviceId))
    .orderBy('recorded_at')
    .execute();

describe('position forwarding (forward.type json)', () => {
  it("moves a legacy device's asset by its uniqueId, mapping Traccar's fields and keeping the rest", async () => {
    const position = traccarPosition();
    const response = await forward({ position, device: traccarDevice('SPD-CAR-106') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ accepted: 1 });
    const state = await thingWithState(t.db, 'SPD-CAR-106');
    expect([state.lat, state.lng, state.course, state.battery, state.charging]).toEqual([
      39.7817,
      -89.6501,
      92,
      87,
      false,
    ]);
    expect(state.speed).toBeCloseTo(10, 3);
    expect(state.accuracy).toBeNull();
    const [point] = (await pointsOf('SPD-CAR-106')).filter(
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
      device: traccarDevice('SPD-CAR-105'),
    });
    const older = await forward({
      position: traccarPosition({ fixTime: traccarTime(600), latitude: 39.5 }),
      device: traccarDevice('SPD-CAR-105'),
    });
    expect(older.statusCode).toBe(200);
    expect((await thingWithState(t.db, 'SPD-CAR-105')).lat).toBe(39.79);
    expect((await pointsOf('SPD-CAR-105')).map((p) => p.lat)).toContain(39.5);
  });

  it('takes a registered device by the credential its forwarding URL carries, never by its uniqueId', async () => {
    const platform = (await t.signIn('platform@prairie-fleet.test')).access_token;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: bearer(platform),
      payload: {
        device_id: 'TRACCAR-IMEI-1',
        thing_type_id: thingTypeId('tow'),
        organization_id: demoOrganizationId('prairie-fleet'),
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
    ['no position', { device: traccarDevice('SPD-CAR-104') }, 'position is missing'],
    [
      'a position that is not an object',
      { position: 5, device: traccarDevice('SPD-CAR-104') },
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
      { position: traccarPosition({ latitude: 91 }), device: traccarDevice('SPD-CAR-104') },
      'position.latitude 91 is out of range',
    ],
    [
      'a fix time that is not a time',
      { position: traccarPosition({ fixTime: 'soon' }), device: traccarDevice('SPD-CAR-104') },
      'position.fixTime "soon" is not a time',
    ],
  ])('refuses %s with 400 and the reason, storing nothing', async (_case, body, reason) => {
    const before = (await pointsOf('SPD-CAR-104')).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/traccar',
      headers: { 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(reason);
    expect((await pointsOf('SPD-CAR-104')).length).toBe(before);
  });
});

describe('event forwarding (event.forward.url)', () => {
  it("raises an alarm event's alarm on the asset, as Traccar Client's SOS does", async () => {
    const response = await forward({
      event: traccarEvent('alarm', { alarm: 'sos' }),
      position: traccarPosition({ fixTime: traccarTime(20), attributes: {} }),
      device: traccarDevice('SPD-CAR-103'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const state = await thingWithState(t.db, 'SPD-CAR-103');
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
        device: traccarDevice('SPD-CAR-102'),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const points = await pointsOf('SPD-CAR-102');
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
    const before = (await pointsOf('SPD-CAR-101')).length;
    const response = await forward({
      event: traccarEvent('deviceOffline'),
      device: traccarDevice('SPD-CAR-101'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ accepted: 0 });
    expect((await pointsOf('SPD-CAR-101')).length).toBe(before);
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
    const response = await forwardAs('admin@springfield-pd.test', 'SPD-SUV-101', 39.8);
    expect(response.statusCode, response.body).toBe(200);
    expect((await thingWithState(t.db, 'SPD-SUV-101')).lat).toBe(39.8);
  });

  it('refuses an asset the organisation only accesses, and a caller who may not edit assets', async () => {
    // Springfield PD only accesses Capital Road Works' arrow boards: they are not its to move.
    const foreign = await forwardAs('admin@springfield-pd.test', 'CRW-AB-101', 41.5);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain('unknown device id "CRW-AB-101"');
    expect((await thingWithState(t.db, 'CRW-AB-101')).lat).not.toBe(41.5);
    const viewer = await forwardAs('media@springfield-pd.test', 'SPD-SUV-101', 39.9);
    expect(viewer.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/traccar/organization',
      payload: { position: traccarPosition(), device: traccarDevice('SPD-SUV-101') },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
