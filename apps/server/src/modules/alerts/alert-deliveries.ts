/**
 * Counts how widely this process's alerts go out, for the organisations' admins and reports: each
 * alert's first delivery to a partner's stream (in its snapshot, or created) and to each vehicle it
 * comes to concern, per partner and hour; and which partners are connected. Counts gather in memory
 * and are written every DELIVERY_FLUSH_MS (a vehicle platform's 100,000 vehicles do not make
 * 100,000 writes); open connections are marked seen at the same time, so another process knows them
 * while they are fresh (CONNECTION_FRESH_MS).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Alert } from '@flare/core/schemas/alert';
import type { Principal } from '../../platform/auth-hook';
import type { AlertDeliveriesRepository, ConnectionRow, DeliveryCount } from './alert-deliveries.repository';
import type { DeliveryChannel } from './alerts.tables';

export const DELIVERY_FLUSH_MS = 5_000;
/** A connection not marked seen for this long has gone with its process. */
export const CONNECTION_FRESH_MS = 30_000;
/** Rows of connections not seen for this long are deleted by the alerts sweep. */
export const STALE_CONNECTION_MS = 3_600_000;
const HOUR_MS = 3_600_000;

/** Who a connection is: an integration's API key, or a signed-in user. */
export type Recipient = { apiKeyId: string; userId: null } | { apiKeyId: null; userId: string };

export const recipientOf = (principal: Principal): Recipient =>
  principal.apiKeyId
    ? { apiKeyId: principal.apiKeyId, userId: null }
    : { apiKeyId: null, userId: principal.userId };

export const recipientKey = (recipient: Recipient) =>
  recipient.apiKeyId ? `key:${recipient.apiKeyId}` : `user:${recipient.userId}`;

interface OpenConnection extends Omit<ConnectionRow, 'vehicles'> {
  vehicles: () => number;
}

export class AlertDeliveries {
  private counts = new Map<string, DeliveryCount>();
  private readonly open = new Map<string, OpenConnection>();
  /** Writes one after another: a connection's opening is stored before its closing. */
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: AlertDeliveriesRepository,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  delivered(
    alert: Pick<Alert, 'id' | 'organization_id'>,
    recipient: Recipient,
    channel: DeliveryChannel,
  ): void {
    const hour = new Date(Math.floor(this.now() / HOUR_MS) * HOUR_MS);
    const who = recipientKey(recipient);
    const key = `${alert.id}|${who}|${channel}|${hour.getTime()}`;
    const count = this.counts.get(key);
    if (count) count.deliveries += 1;
    else
      this.counts.set(key, {
        organization_id: alert.organization_id,
        alert_id: alert.id,
        recipient: who,
        channel,
        hour,
        deliveries: 1,
      });
  }

  /** A partner's connection opened; the function to call when it closes. */
  opened(
    organizationIds: readonly string[],
    recipient: Recipient,
    channel: DeliveryChannel,
    vehicles: () => number = () => 0,
  ): () => void {
    const connection: OpenConnection = {
      id: randomUUID(),
      organization_ids: [...organizationIds],
      api_key_id: recipient.apiKeyId,
      user_id: recipient.userId,
      channel,
      vehicles,
      opened_at: new Date(this.now()),
    };
    this.open.set(connection.id, connection);
    this.write(() => this.repository.seen([{ ...connection, vehicles: vehicles() }]));
    return () => {
      this.open.delete(connection.id);
      this.write(() => this.repository.closed(connection.id));
    };
  }

  /** Writes the counts gathered so far (a read of one alert's reach needs nothing else). */
  flushCounts(): Promise<void> {
    const counts = [...this.counts.values()];
    this.counts = new Map();
    this.write(() => this.repository.add(counts));
    return this.writes;
  }

  /** Writes the counts gathered so far, and marks the open connections seen. */
  flush(): Promise<void> {
    const seen = [...this.open.values()].map((c) => ({ ...c, vehicles: c.vehicles() }));
    void this.flushCounts();
    this.write(() => this.repository.seen(seen));
    return this.writes;
  }

  /** Flushes every DELIVERY_FLUSH_MS; the function that stops it. */
  start(): () => void {
    const timer = setInterval(() => void this.flush(), DELIVERY_FLUSH_MS).unref();
    return () => clearInterval(timer);
  }

  private write(work: () => Promise<void>): void {
    this.writes = this.writes.then(work).catch((error: unknown) => {
      this.log.warn({ err: error }, 'alert deliveries: not stored');
    });
  }
}
