/**
 * The alerts module's tables: `motorist_alerts` (each organisation's active alerts as partners last
 * heard them) and `motorist_alert_events` (the numbered changes, kept ALERT_EVENTS_KEEP_MS).
 */
import { sql } from 'kysely';
import { alertChanges } from '@flare/core/alerts/alert-changes';
import type { AlertEvent } from '@flare/core/events/alert-events';
import type { Alert } from '@flare/core/schemas/alert';
import type { Db } from '../../platform/db/database';

type EventRow = {
  id: string;
  change: AlertEvent['change'];
  alert: Alert;
  previous_geometry: AlertEvent['previous_geometry'];
  created_at: Date;
};

const toEvent = (row: EventRow): AlertEvent => ({
  id: Number(row.id),
  change: row.change,
  alert: row.alert,
  previous_geometry: row.previous_geometry,
  at: row.created_at.toISOString(),
});

export class AlertsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Makes `alerts` the organisation's active alerts, recording each difference from what was there
   * as a numbered change (under a lock per organisation, so the numbers follow the changes' order
   * when several processes reconcile at once); the changes.
   */
  reconcile(organizationId: string, alerts: readonly Alert[]): Promise<AlertEvent[]> {
    return this.db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`motorist-alerts:${organizationId}`}))`.execute(tx);
      const stored = await tx
        .selectFrom('motorist_alerts')
        .select('alert')
        .where('organization_id', '=', organizationId)
        .execute();
      const changes = alertChanges(
        stored.map((row) => row.alert),
        alerts,
      );
      if (changes.length === 0) return [];
      const rows = await tx
        .insertInto('motorist_alert_events')
        .values(
          changes.map(({ change, alert, previous }) => ({
            organization_id: organizationId,
            alert_id: alert.id,
            change,
            alert: JSON.stringify(alert),
            previous_geometry: previous && JSON.stringify(previous.geometry),
          })),
        )
        .returning(['id', 'change', 'alert', 'previous_geometry', 'created_at'])
        .execute();
      const ended = changes.filter((c) => c.change === 'ended').map((c) => c.alert.id);
      if (ended.length > 0) await tx.deleteFrom('motorist_alerts').where('id', 'in', ended).execute();
      const kept = changes.filter((c) => c.change !== 'ended');
      if (kept.length > 0)
        await tx
          .insertInto('motorist_alerts')
          .values(
            kept.map(({ alert }) => ({
              id: alert.id,
              organization_id: organizationId,
              alert: JSON.stringify(alert),
            })),
          )
          .onConflict((oc) =>
            oc
              .column('id')
              .doUpdateSet((eb) => ({ alert: eb.ref('excluded.alert'), updated_at: sql`now()` })),
          )
          .execute();
      return rows.map(toEvent).sort((a, b) => a.id - b.id);
    });
  }

  /** The organisations' active alerts as partners last heard them, with the number of the last change. */
  async current(organizationIds: readonly string[]): Promise<{ alerts: Alert[]; lastEventId: number }> {
    // The number first: a change made between the two reads is in the alerts read and, numbered
    // higher, sent again after them (an update heard twice, never a change missed).
    const last = await this.db
      .selectFrom('motorist_alert_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('organization_id', 'in', organizationIds)
      .executeTakeFirst();
    const rows = await this.db
      .selectFrom('motorist_alerts')
      .select('alert')
      .where('organization_id', 'in', organizationIds)
      .orderBy('id')
      .execute();
    return { alerts: rows.map((row) => row.alert), lastEventId: Number(last?.id ?? 0) };
  }

  /** The organisations' changes after `afterId`, in order, at most `limit`. */
  async eventsAfter(
    organizationIds: readonly string[],
    afterId: number,
    limit: number,
  ): Promise<AlertEvent[]> {
    const rows = await this.db
      .selectFrom('motorist_alert_events')
      .select(['id', 'change', 'alert', 'previous_geometry', 'created_at'])
      .where('organization_id', 'in', organizationIds)
      .where('id', '>', String(afterId) as never)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toEvent);
  }

  /** The number of the oldest change still kept (0: none kept). */
  async oldestEventId(): Promise<number> {
    const row = await this.db
      .selectFrom('motorist_alert_events')
      .select((eb) => eb.fn.min('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** The organisation of an alert partners have now. */
  async organizationOf(alertId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('motorist_alerts')
      .select('organization_id')
      .where('id', '=', alertId)
      .executeTakeFirst();
    return row?.organization_id;
  }

  /** Every organisation's active alerts. */
  async everyActive(): Promise<Alert[]> {
    const rows = await this.db.selectFrom('motorist_alerts').select('alert').execute();
    return rows.map((row) => row.alert);
  }

  /** The ids of every organisation's active alerts. */
  async activeIds(): Promise<string[]> {
    const rows = await this.db.selectFrom('motorist_alerts').select('id').execute();
    return rows.map((row) => row.id);
  }

  async organizationsWithAlerts(): Promise<string[]> {
    const rows = await this.db.selectFrom('motorist_alerts').select('organization_id').distinct().execute();
    return rows.map((row) => row.organization_id);
  }

  /** Forgets the changes made before `before`; how many. */
  async prune(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('motorist_alert_events')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
