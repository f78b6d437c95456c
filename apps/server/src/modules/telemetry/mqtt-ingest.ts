/**
 * MQTT ingest, when MQTT_URL is set: devices publish JSON reports on `things/{deviceId}/telemetry`
 * ({ lat, lng, timestamp (epoch ms or ISO), speed (m/s), course, accuracy, alerting, in_service }).
 * Each message goes through the same pipeline as HTTP reports; refused ones are logged and counted.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { parseTimestamp } from '@flare/core/telemetry/osmand';
import { HttpError } from '../../platform/http-errors';
import type { TelemetryService } from './telemetry.service';

export const MQTT_TELEMETRY_TOPIC = 'things/+/telemetry';
/** A shared subscription: with several server processes the broker gives each report to one of them. */
const SHARED_SUBSCRIPTION = `$share/flare-ingest/${MQTT_TELEMETRY_TOPIC}`;

/** The report of one MQTT message, or null when its payload is not a JSON object. */
export function reportFromMqtt(topic: string, payload: Buffer, now: number): Record<string, unknown> | null {
  const deviceId = topic.split('/')[1] ?? '';
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const fields = body as Record<string, unknown>;
  return { ...fields, device_id: deviceId, timestamp: parseTimestamp(fields.timestamp, now) };
}

export async function startMqttIngest(
  url: string,
  telemetry: TelemetryService,
  log: FastifyBaseLogger,
): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, {
    clientId: `flare-ingest-${randomBytes(6).toString('hex')}`,
    reconnectPeriod: 2000,
  });
  await client.subscribeAsync(SHARED_SUBSCRIPTION, { qos: 1 });
  client.on('message', (topic, payload) => {
    const report = reportFromMqtt(topic, payload, Date.now());
    if (!report) {
      telemetry.stats.reject('invalid');
      log.warn({ topic }, 'MQTT report refused: the payload is not a JSON object');
      return;
    }
    telemetry.ingest([report]).catch((error: unknown) => {
      if (error instanceof HttpError) log.warn({ topic, reason: error.message }, 'MQTT report refused');
      else log.error({ err: error, topic }, 'MQTT report failed');
    });
  });
  client.on('error', (error) => log.error({ err: error }, 'MQTT connection error'));
  log.info({ url, topic: MQTT_TELEMETRY_TOPIC }, 'MQTT ingest subscribed');
  return client;
}
