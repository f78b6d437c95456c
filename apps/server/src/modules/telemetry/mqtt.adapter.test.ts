/**
 * MQTT ingest against the local Mosquitto (TEST_MQTT_URL, default mqtt://127.0.0.1:1883); skipped
 * with a note when no broker answers.
 */
import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { thingTypeId } from '../../seed/reference-data';
import { thingWithState } from '../../../test/thing-state';

const MQTT_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
/**
 * Topics of this test app alone, two levels deep: the PGlite and PostgreSQL runs of this file may run
 * at once on the one broker, and would otherwise share the ingest subscription's messages.
 */
const ROOT = `flare-test/${randomUUID()}`;

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
if (!available) console.warn(`MQTT ingest test skipped: no broker answered at ${MQTT_URL}`);

describe.skipIf(!available)('MQTT ingest', () => {
  let t: TestApp;
  let device: mqtt.MqttClient;
  /** A legacy device (named by its System Id); a fleet that registers a new one; a platform administrator. */
  let legacy: string;
  let fleet: string;
  let platform: string;
  beforeAll(async () => {
    t = await createTestApp({ MQTT_URL, MQTT_TOPIC_ROOT: ROOT, STATUS_SWEEP_MS: '0' });
    const given = fixtures(t);
    const [own, tow, operator] = [
      await given.organization(),
      await given.organization({ type: 'tow' }),
      await given.organization({ type: 'acs' }),
    ];
    legacy = (await given.asset(own.id)).deviceId;
    fleet = tow.id;
    platform = (await given.user(operator.id, 'PLATFORM_ADMIN')).email;
    device = await mqtt.connectAsync(MQTT_URL);
  });
  afterAll(async () => {
    await device?.endAsync();
    await t?.close();
  });

  const thing = () => thingWithState(t.db, legacy);
  async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 30_000; // generous, for a loaded machine
    for (;;) {
      const value = await read();
      if (ok(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('stores a report published on {root}/{credential}/telemetry (a legacy device: its System Id)', async () => {
    await device.publishAsync(
      `${ROOT}/${legacy}/telemetry`,
      JSON.stringify({ lat: 39.7711, lng: -89.6611, timestamp: Date.now(), speed: 11, alerting: true }),
      { qos: 1 },
    );
    const row = await eventually(thing, (r) => r.lat === 39.7711);
    expect(row).toMatchObject({ lat: 39.7711, lng: -89.6611, speed: 11, enroute: true, status: 'active' });
  });

  it('refuses and counts unknown devices and bad payloads (text that cannot be stored too), storing nothing', async () => {
    const before = { ...t.app.ingest.stats.snapshot().rejected };
    await device.publishAsync(`${ROOT}/NOT-A-DEVICE/telemetry`, JSON.stringify({ lat: 1, lng: 1 }), {
      qos: 1,
    });
    await device.publishAsync(`${ROOT}/${legacy}/telemetry`, 'not json', { qos: 1 });
    await device.publishAsync(`${ROOT}/${legacy}/telemetry`, JSON.stringify({ lat: 95, lng: 1 }), {
      qos: 1,
    });
    // Text the database cannot store: a NUL character, a lone surrogate (in a value and in a name).
    for (const report of [
      { lat: 39.1, lng: -89.1, driver_unique_id: 'a\u0000b' },
      { lat: 39.1, lng: -89.1, driver_unique_id: '\ud800' },
      { lat: 39.1, lng: -89.1, attributes: { ['x\ud800']: 1 } },
    ])
      await device.publishAsync(`${ROOT}/${legacy}/telemetry`, JSON.stringify(report), { qos: 1 });
    const after = await eventually(
      () => Promise.resolve(t.app.ingest.stats.snapshot().rejected),
      (r) => r.unknown_device > before.unknown_device && r.invalid >= before.invalid + 5,
    );
    expect(after.unknown_device).toBe(before.unknown_device + 1);
    expect(after.invalid).toBe(before.invalid + 5);
    expect((await thing()).lat).toBe(39.7711);
  });

  it('takes a new device by its credential only, never by its System Id', async () => {
    const token = (await t.signIn(platform)).access_token;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: bearer(token),
      payload: {
        device_id: 'MQTT-NEW-1',
        thing_type_id: thingTypeId('tow'),
        organization_id: fleet,
        device_type: 'mqtt',
      },
    });
    const credential = registered.json<{ device_credential: { device_credential: string } }>()
      .device_credential.device_credential;
    const before = t.app.ingest.stats.snapshot().rejected.unknown_device;
    await device.publishAsync(`${ROOT}/MQTT-NEW-1/telemetry`, JSON.stringify({ lat: 41.1, lng: -87.1 }), {
      qos: 1,
    });
    await eventually(
      () => Promise.resolve(t.app.ingest.stats.snapshot().rejected.unknown_device),
      (n) => n > before,
    );
    expect((await thingWithState(t.db, 'MQTT-NEW-1')).lat).toBeNull();
    await device.publishAsync(`${ROOT}/${credential}/telemetry`, JSON.stringify({ lat: 41.2, lng: -87.2 }), {
      qos: 1,
    });
    expect(
      (
        await eventually(
          () => thingWithState(t.db, 'MQTT-NEW-1'),
          (r) => r.lat !== null,
        )
      ).lat,
    ).toBe(41.2);
  });
});
