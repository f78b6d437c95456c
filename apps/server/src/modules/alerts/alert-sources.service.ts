/**
 * Where motorist alerts come from, and how partners hear of them changing. Each section that makes
 * alerts (incidents, closures, zones, hazards, responding assets) registers one source here, which
 * derives its active alerts with core's alerts/alert-rules.ts, and calls `changed` with the
 * organisations whose alerts its change may touch.
 *
 * A changed organisation is reconciled: its alerts derived again and compared with those partners
 * last heard (the database's, under a lock per organisation), each difference stored as a numbered
 * change and published as `alert.changed` for every process's partner streams. Organisations marked
 * while a round runs gather for the next, which starts ALERT_ROUND_GAP_MS after the last one at the
 * soonest: a quiet organisation's change goes out at once, and a busy fleet's reports (its responders
 * moving) cost two rounds a second, not one per batch.
 * The sweep reconciles every organisation with alerts, for alerts that end with time (a responder
 * gone quiet, a zone's expiry, a hazard's day) or a round that failed, and forgets changes older
 * than ALERT_EVENTS_KEEP_MS.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Alert } from '@flare/core/schemas/alert';
import type { EventBus } from '../../platform/bus/event-bus';
import type { AlertsRepository } from './alerts.repository';

/** How long a stream can resume: changes are kept at least an hour. */
export const ALERT_EVENTS_KEEP_MS = 2 * 3_600_000;

export const ALERT_ROUND_GAP_MS = 500;

export interface AlertSource {
  /** The active alerts of these organisations' sources, at `now`. */
  alertsOf(organizationIds: readonly string[], now: number): Promise<Alert[]>;
}

export class AlertSources {
  private readonly sources: AlertSource[] = [];
  private readonly marked = new Set<string>();
  private round: Promise<void> | null = null;
  private lastRoundAt = 0;
  /** The alerts partners have now, as every process hears them (which reports may concern one). */
  private readonly active = new Set<string>();

  constructor(
    private readonly repository: AlertsRepository,
    private readonly events: EventBus,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Learns the alerts partners have now, and follows every process's changes. */
  async follow(): Promise<void> {
    for (const id of await this.repository.activeIds()) this.active.add(id);
    await this.events.on('alert.changed', ({ events }) => {
      for (const { change, alert } of events)
        if (change === 'ended') this.active.delete(alert.id);
        else this.active.add(alert.id);
    });
  }

  register(source: AlertSource): void {
    this.sources.push(source);
  }

  /** The organisations' active alerts, each of its own organisation (an asset's is its owner's). */
  async alertsOf(organizationIds: readonly string[], now = this.now()): Promise<Alert[]> {
    if (organizationIds.length === 0) return [];
    const lists = await Promise.all(this.sources.map((source) => source.alertsOf(organizationIds, now)));
    return lists.flat().filter((alert) => organizationIds.includes(alert.organization_id));
  }

  /** Whether partners have this alert now. */
  isActive(alertId: string): boolean {
    return this.active.has(alertId);
  }

  /** Something these organisations' alerts may come from changed: reconcile them soon. */
  changed(organizationIds: readonly string[]): void {
    for (const id of organizationIds) this.marked.add(id);
    this.startRound();
  }

  /** Resolves once every marked organisation has been reconciled. */
  async settled(): Promise<void> {
    while (this.round) await this.round;
  }

  /** Reconciles every organisation with alerts and forgets old changes; how many were forgotten. */
  async sweep(): Promise<number> {
    this.changed(await this.repository.organizationsWithAlerts());
    await this.settled();
    return this.repository.prune(new Date(this.now() - ALERT_EVENTS_KEEP_MS));
  }

  private startRound(): void {
    if (this.round || this.marked.size === 0) return;
    const wait = this.lastRoundAt + ALERT_ROUND_GAP_MS - Date.now();
    const gap = wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
    this.round = gap
      .then(() => {
        this.lastRoundAt = Date.now();
        return this.reconcileMarked();
      })
      .finally(() => {
        this.round = null;
        this.startRound();
      });
  }

  private async reconcileMarked(): Promise<void> {
    for (const organizationId of this.marked) {
      this.marked.delete(organizationId);
      try {
        const events = await this.repository.reconcile(organizationId, await this.alertsOf([organizationId]));
        if (events.length > 0)
          await this.events.emit('alert.changed', { organization_id: organizationId, events });
      } catch (error) {
        this.log.warn(
          { err: error, organizationId },
          'motorist alerts not reconciled (the sweep tries again)',
        );
      }
    }
  }
}
