/**
 * R2R tests and LED intensity through the built-in simulator (no MQTT_URL): the eligibility rules,
 * the device's yes, a forced failure and a forced timeout, and every command recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { SimulatedDevices } from '../../platform/devices/command-gateway';

type Unit = { id: string; device: string };
let t: TestApp;
/** Two responders of one organisation with command hardware, and an arrow board of another without. */
let HA5: Unit;
let HA7: Unit;
let arrowBoard: string;
/** The responders' organisation's admin and user; the other organisation's admin. */
let admin: string;
let user: string;
let roadworks: string;
const simulator = () => t.app.deviceGateway as SimulatedDevices;

/** A check-in now, standing still: standby (or stationary). */
const checkIn = (device: string, speed = 0, alerting = false) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ingest/osmand?id=${device}&timestamp=${Math.floor(Date.now() / 1000)}&lat=39.78&lon=-89.65&speed=${speed}&accuracy=5&alerting=${alerting}`,
  });

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0', DEVICE_COMMAND_TIMEOUT_MS: '300' });
  const given = fixtures(t);
  const [own, other] = [await given.organization(), await given.organization({ type: 'road_works' })];
  const unit = async (hardware: 'ha5' | 'ha7') => {
    const { id, deviceId } = await given.asset(own.id, { responder: true, hardware });
    return { id, device: deviceId };
  };
  [HA5, HA7] = [await unit('ha5'), await unit('ha7')];
  arrowBoard = (await given.asset(other.id, { type: 'arrow_board' })).id;
  admin = (await given.user(own.id, 'ADMIN')).email;
  user = (await given.user(own.id, 'USER')).email;
  roadworks = (await given.user(other.id, 'ADMIN')).email;
  await checkIn(HA5.device);
  await checkIn(HA7.device);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, email = admin, payload?: object) =>
  t.as(email).request(method, url, payload);
const commands = (thingId: string) =>
  t.db
    .selectFrom('device_commands')
    .select(['command', 'outcome', 'params', 'requested_by', 'error'])
    .where('thing_id', '=', thingId)
    .orderBy('requested_at')
    .execute();

describe('PUT /api/things/{id}/r2r', () => {
  it('sends the test alert and toggles test mode on each success: "Alert Delivered"', async () => {
    let response = await call('PUT', `/api/things/${HA5.id}/r2r`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Alert Delivered', test_mode: true, delivered: true });
    const thing = await call('GET', `/api/things/${HA5.id}`);
    expect(thing.json()).toMatchObject({ test_mode: true, hardware: 'ha5' });

    response = await call('PUT', `/api/things/${HA5.id}/r2r`);
    expect(response.json()).toMatchObject({ message: 'Alert Delivered', test_mode: false });
    const recorded = await commands(HA5.id);
    expect(recorded.map((c) => [c.command, c.outcome, c.params])).toEqual([
      ['r2r_test', 'delivered', { test_mode: true }],
      ['r2r_test', 'delivered', { test_mode: false }],
    ]);
    expect(recorded[0]!.requested_by).not.toBeNull();
  });

  it('an alert that did not reach the indicator: "Alert Not Delivered", test mode switched all the same', async () => {
    simulator().force(HA7.device, 'undelivered');
    const response = await call('PUT', `/api/things/${HA7.id}/r2r`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Alert Not Delivered', test_mode: true, delivered: false });
    expect((await call('GET', `/api/things/${HA7.id}`)).json()).toMatchObject({ test_mode: true });
    // Back as it was, for the next tests.
    expect((await call('PUT', `/api/things/${HA7.id}/r2r`)).json()).toMatchObject({ test_mode: false });
  });

  it('a device failure: "Unable to activate Test Mode", and test mode stays as it was', async () => {
    simulator().force(HA7.device, 'fail');
    const response = await call('PUT', `/api/things/${HA7.id}/r2r`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'Unable to activate Test Mode' });
    expect((await call('GET', `/api/things/${HA7.id}`)).json()).toMatchObject({ test_mode: false });
    expect((await commands(HA7.id)).at(-1)).toMatchObject({ outcome: 'failed' });
  });

  it('no reply in time: "Request timed out", recorded as timed out', async () => {
    simulator().force(HA7.device, 'timeout');
    const response = await call('PUT', `/api/things/${HA7.id}/r2r`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'Request timed out' });
    expect((await commands(HA7.id)).at(-1)).toMatchObject({ outcome: 'timed_out' });
  });

  it('refuses by the eligibility rules, sending nothing', async () => {
    const before = (await commands(HA5.id)).length;
    let response = await call('PUT', `/api/things/${HA5.id}/r2r`, user);
    expect(response.json()).toMatchObject({ message: 'Not authorized' });
    await checkIn(HA5.device, 15, true); // responding: not standby
    response = await call('PUT', `/api/things/${HA5.id}/r2r`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'Invalid asset status' });
    response = await call('PUT', `/api/things/${arrowBoard}/r2r`, roadworks);
    expect(response.json()).toMatchObject({ message: 'R2R testing available only for HA5 and HA7 devices' });
    expect(await commands(HA5.id)).toHaveLength(before);
  });

  it('is "Asset not found" (404) for another organisation\'s asset', async () => {
    const response = await call('PUT', `/api/things/${HA7.id}/r2r`, roadworks);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Asset not found' });
  });
});

describe('/api/things/{id}/light_intensity', () => {
  it('reads and sets the LED intensity through the device', async () => {
    expect((await call('GET', `/api/things/${HA7.id}/light_intensity`)).json()).toEqual({
      light_intensity: 'medium',
    });
    const response = await call('PUT', `/api/things/${HA7.id}/light_intensity`, undefined, {
      light_intensity: 'high',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ light_intensity: 'high' });
    expect((await call('GET', `/api/things/${HA7.id}/light_intensity`)).json()).toEqual({
      light_intensity: 'high',
    });
  });

  it('a failure or a timeout is a 422 the panel words ("Timed" for a timeout)', async () => {
    simulator().force(HA7.device, 'fail');
    let response = await call('PUT', `/api/things/${HA7.id}/light_intensity`, undefined, {
      light_intensity: 'low',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'Device refused the command' });
    simulator().force(HA7.device, 'timeout');
    response = await call('PUT', `/api/things/${HA7.id}/light_intensity`, undefined, {
      light_intensity: 'low',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toContain('Timed');
    expect((await call('GET', `/api/things/${HA7.id}/light_intensity`)).json()).toEqual({
      light_intensity: 'high',
    });
  });

  it('needs the light-intensity permission and refuses unknown intensities', async () => {
    let response = await call('GET', `/api/things/${HA7.id}/light_intensity`, user);
    expect(response.json()).toMatchObject({ message: 'Not authorized' });
    response = await call('PUT', `/api/things/${HA7.id}/light_intensity`, undefined, {
      light_intensity: 'blinding',
    });
    expect(response.statusCode).toBe(400);
  });
});
