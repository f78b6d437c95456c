/**
 * Traccar's AMQP forwarding, when TRACCAR_AMQP_URL is set: a Traccar server with `forward.type` amqp
 * (and `event.forward.type` amqp) publishes each position (`{ position, device }`) or event
 * (`{ event, position, device }`) as JSON to a durable topic exchange (TRACCAR_AMQP_EXCHANGE,
 * `traccar` by default), with its `forward.topic` as the routing key. That key is a Flare API key of
 * a user who may edit the assets (as `Authorization` is for HTTP forwarding), and Traccar's `uniqueId`
 * is the asset's System Id; so one exchange can carry several agencies' Traccar servers.
 *
 * Why besides HTTP forwarding: Traccar's HTTP forwarder sends one position per request, which HTTP
 * alone caps far below the JSON batch API; the broker hands many messages at once (the prefetch), and
 * the group commit stores those that arrive together in one transaction. Each message is still a report
 * of its own, as over HTTP: a refused one refuses only itself. A message is acknowledged once it is
 * committed or refused for good; one that met an outage, or whose device reports too often, goes back
 * to the queue after a pause, so nothing Traccar forwarded is lost.
 */
import amqp, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import type { FastifyBaseLogger } from 'fastify';
import { fromTraccarForward } from '@flare/core/telemetry/traccar-forward';
import { IngestRejection } from './ingest-rejection';
import type { IngestPipeline, IngestScope } from './ingest-pipeline';
import type { RawReport } from '@flare/core/telemetry/report';

/**
 * Flare's queue on an exchange (`flare-traccar` on Traccar's default one): durable, so positions
 * forwarded while Flare is down wait for it; several server processes share it, each message going to one.
 */
export const traccarQueue = (exchange: string) => `flare-${exchange}`;
/** Messages the broker hands over before Flare acknowledges any: what one commit can take together. */
const PREFETCH = 2000;
/** How long a message that met an outage waits before it goes back to the queue. */
const OUTAGE_RETRY_MS = 1000;

/** What a routing key (an API key) may report for, or null when it is no key that may edit assets. */
export type ForwardingScope = (apiKey: string) => Promise<IngestScope | null>;

export interface TraccarAmqpIngest {
  close(): Promise<void>;
}

/** How long Flare waits before connecting again when the broker is lost. */
const RECONNECT_MS = 2000;

/** A forwarded position or event taken from the queue, with what it reports (null: nothing to store). */
interface Delivery {
  channel: Channel;
  message: ConsumeMessage;
  raw: RawReport | null;
}

export async function startTraccarAmqpIngest(
  url: string,
  exchange: string,
  pipeline: IngestPipeline,
  forwardingScope: ForwardingScope,
  log: FastifyBaseLogger,
): Promise<TraccarAmqpIngest> {
  const queue = traccarQueue(exchange);
  let connection: ChannelModel | null = null;
  let closing = false;
  /** Runs once the pause is over, unless Flare is closing (its channel is gone: the broker keeps the message). */
  const later = (ms: number, action: () => void) =>
    setTimeout(() => {
      if (!closing) action();
    }, ms).unref();
  const ack = ({ channel, message }: Delivery) => channel.ack(message);
  const drop = ({ channel, message }: Delivery) => channel.nack(message, false, false);
  const requeueAfter = (ms: number, { channel, message }: Delivery) =>
    later(ms, () => channel.nack(message, false, true));

  /**
   * Stores the reports together, each one as if alone: the pipeline refuses a request whole, so the
   * refused ones are settled and the rest stored again without them.
   */
  async function store(deliveries: Delivery[], scope: IngestScope): Promise<void> {
    try {
      await pipeline.ingest(
        deliveries.map((d) => d.raw!),
        scope,
      );
      deliveries.forEach(ack);
    } catch (error) {
      if (closing) return;
      if (!(error instanceof IngestRejection)) {
        log.error({ err: error }, 'Traccar AMQP reports failed; they go back to the queue');
        for (const delivery of deliveries) requeueAfter(OUTAGE_RETRY_MS, delivery);
        return;
      }
      const refused = new Set<number>();
      for (const { index, kind, reason } of error.refused) {
        refused.add(index);
        if (kind === 'rate_limited') requeueAfter(error.retryAfterSeconds * 1000, deliveries[index]!);
        else {
          log.warn({ reason }, 'Traccar AMQP report refused');
          ack(deliveries[index]!);
        }
      }
      const rest = deliveries.filter((_, index) => !refused.has(index));
      if (rest.length > 0) await store(rest, scope);
    }
  }

  /** What arrived during one event-loop turn, stored together per routing key (an API key). */
  let arrived: Delivery[] = [];
  async function storeArrived(): Promise<void> {
    const deliveries = arrived;
    arrived = [];
    const byKey = new Map<string, Delivery[]>();
    for (const delivery of deliveries) {
      const key = delivery.message.fields.routingKey;
      const forwarded = byKey.get(key);
      if (forwarded) forwarded.push(delivery);
      else byKey.set(key, [delivery]);
    }
    await Promise.all(
      [...byKey].map(async ([key, forwarded]) => {
        let scope: IngestScope | null;
        try {
          scope = await forwardingScope(key);
        } catch (error) {
          log.error(
            { err: error },
            'Traccar AMQP routing key not looked up; its reports go back to the queue',
          );
          for (const delivery of forwarded) requeueAfter(OUTAGE_RETRY_MS, delivery);
          return;
        }
        if (!scope) {
          for (const _ of forwarded) pipeline.stats.reject('unknown_device');
          log.warn(
            { routingKey: `${key.slice(0, 8)}…`, messages: forwarded.length },
            'Traccar AMQP messages refused: their routing key is no API key that may edit assets',
          );
          forwarded.forEach(drop);
          return;
        }
        // An event without a position has nothing to store.
        forwarded.filter((d) => !d.raw).forEach(ack);
        const reports = forwarded.filter((d) => d.raw);
        if (reports.length > 0) await store(reports, scope);
      }),
    );
  }

  function take(channel: Channel, message: ConsumeMessage): void {
    let body: unknown;
    try {
      body = JSON.parse(message.content.toString('utf8'));
    } catch {
      pipeline.stats.reject('invalid');
      log.warn('Traccar AMQP message refused: its body is not JSON');
      return channel.nack(message, false, false);
    }
    if (arrived.length === 0)
      setImmediate(() => {
        storeArrived().catch((error: unknown) =>
          log.error({ err: error }, 'Traccar AMQP messages left unacknowledged'),
        );
      });
    arrived.push({ channel, message, raw: fromTraccarForward(body, null) });
  }

  async function connect(): Promise<void> {
    const opened = await amqp.connect(url);
    connection = opened;
    opened.on('error', (error: Error) => log.error({ err: error }, 'Traccar AMQP connection error'));
    opened.on('close', () => {
      if (closing) return;
      log.error('Traccar AMQP connection lost; connecting again');
      const retry = (): void => {
        later(RECONNECT_MS, () => void connect().catch(retry));
      };
      retry();
    });
    const channel = await opened.createChannel();
    // Declared as Traccar declares it (a durable topic exchange), whichever of the two starts first.
    await channel.assertExchange(exchange, 'topic', { durable: true });
    await channel.assertQueue(queue, { durable: true });
    await channel.bindQueue(queue, exchange, '#');
    await channel.prefetch(PREFETCH);
    await channel.consume(queue, (message) => {
      if (message) take(channel, message);
    });
  }

  await connect();
  log.info({ exchange, queue }, 'Traccar AMQP forwarding consumed');
  return {
    async close() {
      closing = true;
      await connection?.close();
    },
  };
}
