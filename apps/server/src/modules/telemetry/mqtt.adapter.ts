/**
 * MQTT ingest, when MQTT_URL is set: devices publish Flare's JSON report on
 * `{root}/{credential}/telemetry` (root MQTT_TOPIC_ROOT, `things` by default; the device credential, or
 * a legacy device's System Id, comes from the topic). Each message goes through the same pipeline as HTTP reports; refused ones are logged with the same reasons and counted. A QoS 1
 * message is acknowledged (PUBACK) only once it is committed or refused.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { fromFlareJson } from '@flare/core/telemetry/ingest';
import type { RawReport } from '@flare/core/telemetry/report';
import { IngestRejection } from './ingest-rejection';
import type { IngestPipeline } from './ingest-pipeline';

const telemetryTopic = (root: string) => `${root}/+/telemetry`;

/** The raw report of one MQTT message, or null when its payload is not a JSON object. */
export function reportFromMqtt(topic: string, payload: Buffer): RawReport | null {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  // The credential is the level before `telemetry`, under a root of any depth.
  return fromFlareJson({ ...body, device_id: topic.split('/').at(-2) ?? '' });
}

export async function startMqttIngest(
  url: string,
  topicRoot: string,
  pipeline: IngestPipeline,
  log: FastifyBaseLogger,
): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, {
    clientId: `flare-ingest-${randomBytes(6).toString('hex')}`,
    reconnectPeriod: 2000,
  });
  // A shared subscription: with several server processes the broker gives each report to one of them.
  await client.subscribeAsync(`$share/flare-ingest/${telemetryTopic(topicRoot)}`, { qos: 1 });
  // mqtt.js sends the PUBACK when this callback is called, and hands over the next message after it.
  client.handleMessage = (packet, acknowledge) => {
    const report = reportFromMqtt(packet.topic, Buffer.from(packet.payload));
    if (!report) {
      pipeline.stats.reject('invalid');
      log.warn({ topic: packet.topic }, 'MQTT report refused: the payload is not a JSON object');
      acknowledge();
      return;
    }
    pipeline.ingest([report]).then(
      () => acknowledge(),
      (error: unknown) => {
        if (error instanceof IngestRejection) {
          log.warn({ topic: packet.topic, reason: error.message }, 'MQTT report refused');
          acknowledge();
        } else {
          // Not acknowledged: the broker delivers it again after a reconnect.
          log.error({ err: error, topic: packet.topic }, 'MQTT report failed');
          acknowledge(error instanceof Error ? error : new Error(String(error)));
        }
      },
    );
  };
  client.on('error', (error) => log.error({ err: error }, 'MQTT connection error'));
  log.info({ url, topic: telemetryTopic(topicRoot) }, 'MQTT ingest subscribed');
  return client;
}
