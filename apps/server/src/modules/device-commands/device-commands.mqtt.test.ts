/**
 * Device commands over MQTT against the local Mosquitto (TEST_MQTT_URL, default
 * mqtt://127.0.0.1:1883), a test client playing the device: the command on {root}/{id}/commands, the
 * reply on {root}/{id}/replies correlated by id, and "Request timed out" when the device is silent.
 * Skipped with a note when no broker answers.
 */
import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceCommandSchema, type DeviceCommand } from '@flare/core/things/device-commands';
import { fixtures } from '../../../test/fixtures';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';

const MQTT_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
/** Topics of this test app alone: the PGlite and PostgreSQL runs of this file may run at once. */
const ROOT = `flare-test-${randomUUID()}`;

/** Whether one answers: one that is not there refuses at once, and 10 s is for a loaded machine. */
async function brokerAnswers(): Promise<boolean> {
  try {
    const client = await mqtt.connectAsync(MQTT_URL, { connectTimeout: 10_000, reconnectPeriod: 0 });
    await client.endAsync();
    return true;
  } catch {
    return false;
  }
}
const available = await brokerAnswers();
if (!available) console.warn(`MQTT command test skipped: no broker answered at ${MQTT_URL}`);

describe.skipIf(!available)('device commands over MQTT', () => {
  let t: TestApp;
  let device: mqtt.MqttClient;
  let token: string;
  /** A responder with command hardware, which the test client plays. */
  let unit: { id: string; deviceId: string };
  const received: DeviceCommand[] = [];
  /** Whether the device answers, and how. */
  let answer: ((command: DeviceCommand) => object) | null = null;

  beforeAll(async () => {
    t = await createTestApp({
      MQTT_URL,
      MQTT_TOPIC_ROOT: ROOT,
      STATUS_SWEEP_MS: '0',
      // Long enough for a reply through the broker on a loaded machine, short for the silent device.
      DEVICE_COMMAND_TIMEOUT_MS: '2000',
    });
    const given = fixtures(t);
    const { id: organizationId } = await given.organization();
    unit = await given.asset(organizationId, { responder: true, hardware: 'ha7' });
    token = (await t.signIn((await given.user(organizationId, 'ADMIN')).email)).access_token;
    device = await mqtt.connectAsync(MQTT_URL);
    await device.subscribeAsync(`${ROOT}/${unit.deviceId}/commands`, { qos: 1 });
    device.on('message', (_topic, payload) => {
      const command = DeviceCommandSchema.parse(JSON.parse(payload.toString()));
      received.push(command);
      if (answer)
        void device.publishAsync(`${ROOT}/${unit.deviceId}/replies`, JSON.stringify(answer(command)), {
          qos: 1,
        });
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=${unit.deviceId}&timestamp=${Math.floor(Date.now() / 1000)}&lat=39.78&lon=-89.65&speed=0&accuracy=5`,
    });
  });
  afterAll(async () => {
    await device?.endAsync();
    await t?.close();
  });

  const r2r = () =>
    t.app.inject({
      method: 'PUT',
      url: `/api/things/${unit.id}/r2r`,
      headers: bearer(token),
    });

  it('publishes the command and answers with the reply of the same id', async () => {
    answer = (command) => ({ id: command.id, ok: true, result: { delivered: true } });
    const response = await r2r();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Alert Delivered', test_mode: true, delivered: true });
    expect(received.at(-1)).toMatchObject({ command: 'r2r_test', params: { test_mode: true } });
  });

  it('ignores replies to other commands, and times out: "Request timed out"', async () => {
    answer = () => ({ id: 'someone-else', ok: true, result: { delivered: true } });
    const response = await r2r();
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'Request timed out' });
    const row = await t.db
      .selectFrom('device_commands')
      .select('outcome')
      .where('id', '=', received.at(-1)!.id)
      .executeTakeFirstOrThrow();
    expect(row.outcome).toBe('timed_out');
  });

  it('a device that says no: the test-mode failure message', async () => {
    answer = (command) => ({ id: command.id, ok: false, error: 'lights busy' });
    const response = await r2r();
    expect(response.json()).toMatchObject({ message: 'Unable to deactivate Test Mode' });
  });
});
