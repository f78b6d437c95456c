/**
 * How widely motorist alerts went out (`motorist_alert_deliveries`, counted per alert, partner,
 * channel and hour) and the partners' connections open now (`motorist_alert_connections`).
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { DeliveryChannel } from './alerts.tables';

export interface DeliveryCount {
  organization_id: string;
  alert_id: string;
  recipient: string;
  channel: DeliveryChannel;
  hour: Date;
  deliveries: number;
}

export interface ConnectionRow {
  id: string;
  organization_ids: string[];
  api_key_id: string | null;
  user_id: string | null;
  channel: DeliveryChannel;
  vehicles: number;
  opened_at: Date;
}

export interface ConnectedPartner {
  api_key_id: string | null;
  /** The key's description, or the signed-in user's name. */
  name: string;
  channel: DeliveryChannel;
  vehicles: number;
  opened_at: Date;
}

export interface AlertReachRow {
  organization_id: string;
  recipient: string;
  channel: DeliveryChannel;
  deliveries: number;
}

export class AlertDeliveriesRepository {
  constructor(private readonly db: Db) {}

  /** Adds the counts to those stored. */
  async add(counts: readonly DeliveryCount[]): Promise<void> {
    if (counts.length === 0) return;
    await this.db
      .insertInto('motorist_alert_deliveries')
      .values([...counts])
      .onConflict((conflict) =>
        conflict.columns(['alert_id', 'recipient', 'channel', 'hour']).doUpdateSet({
          deliveries: sql`motorist_alert_deliveries.deliveries + excluded.deliveries`,
        }),
      )
      .execute();
  }

  /** Stores the connections as open and seen now. */
  async seen(connections: readonly ConnectionRow[]): Promise<void> {
    if (connections.length === 0) return;
    await this.db
      .insertInto('motorist_alert_connections')
      .values(connections.map((row) => ({ ...row, seen_at: sql`now()` })))
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet({ seen_at: sql`now()`, vehicles: sql`excluded.vehicles` }),
      )
      .execute();
  }

  async closed(id: string): Promise<void> {
    await this.db.deleteFrom('motorist_alert_connections').where('id', '=', id).execute();
  }

  /** Forgets connections not seen since `before` (their process stopped without closing them). */
  async forgetStale(before: Date): Promise<void> {
    await this.db.deleteFrom('motorist_alert_connections').where('seen_at', '<', before).execute();
  }

  async timeZoneOf(organizationId: string): Promise<string> {
    const row = await this.db
      .selectFrom('organizations')
      .select('timezone')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    return row.timezone;
  }

  /** The partners' connections watching the organisation, seen since `since`. */
  async connected(organizationId: string, since: Date): Promise<ConnectedPartner[]> {
    const rows = await this.db
      .selectFrom('motorist_alert_connections as c')
      .leftJoin('api_keys as k', 'k.id', 'c.api_key_id')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .select([
        'c.api_key_id',
        'c.channel',
        'c.vehicles',
        'c.opened_at',
        'k.description',
        'u.first_name',
        'u.last_name',
      ])
      .where(sql<boolean>`${organizationId}::uuid = any(c.organization_ids)`)
      .where('c.seen_at', '>=', since)
      .orderBy('c.opened_at')
      .execute();
    return rows.map((row) => ({
      api_key_id: row.api_key_id,
      name: row.description ?? `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
      channel: row.channel,
      vehicles: row.vehicles,
      opened_at: row.opened_at,
    }));
  }

  /** The organisation's deliveries per hour from `since`, by channel. */
  async hourly(
    organizationId: string,
    since: Date,
    until: Date,
  ): Promise<Array<{ hour: Date; channel: DeliveryChannel; deliveries: number }>> {
    const rows = await this.db
      .selectFrom('motorist_alert_deliveries')
      .select(['hour', 'channel', (eb) => eb.fn.sum<string>('deliveries').as('deliveries')])
      .where('organization_id', '=', organizationId)
      .where('hour', '>=', since)
      .where('hour', '<', until)
      .groupBy(['hour', 'channel'])
      .orderBy('hour')
      .execute();
    return rows.map((row) => ({ hour: row.hour, channel: row.channel, deliveries: Number(row.deliveries) }));
  }

  /** One alert's deliveries, per partner and channel. */
  async reach(alertId: string): Promise<AlertReachRow[]> {
    const rows = await this.db
      .selectFrom('motorist_alert_deliveries')
      .select([
        'organization_id',
        'recipient',
        'channel',
        (eb) => eb.fn.sum<string>('deliveries').as('deliveries'),
      ])
      .where('alert_id', '=', alertId)
      .groupBy(['organization_id', 'recipient', 'channel'])
      .execute();
    return rows.map((row) => ({ ...row, deliveries: Number(row.deliveries) }));
  }
}
