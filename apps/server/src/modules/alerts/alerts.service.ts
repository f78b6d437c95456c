/**
 * Motorist alerts for a signed-in user or an alerts-scoped API key: those of its organisations, in a
 * region; and what a partner's stream watches.
 */
import { alertInBbox, parseBbox, type Bbox } from '@flare/core/alerts/alert-area';
import { capAtomFeed, capDocument } from '@flare/core/alerts/cap';
import { countsByDate, lastDays } from '@flare/core/alerts/deliveries-by-day';
import {
  ALERT_DELIVERY_DAYS,
  ALERT_MESSAGES,
  ALERT_TYPE_IDS,
  type AlertPartners,
  type AlertReach,
  type AlertStreamQuery,
  type Alerts,
  type AlertsQuery,
} from '@flare/core/schemas/alert';
import type { Principal } from '../../platform/auth-hook';
import { badRequest, notFound } from '../../platform/http-errors';
import type { AccountsService } from '../accounts/accounts.service';
import type { AlertSources } from './alert-sources.service';
import type { AlertsRepository } from './alerts.repository';
import type { StreamChoice } from './alert-streams';
import { CONNECTION_FRESH_MS, recipientOf, type AlertDeliveries } from './alert-deliveries';
import type { AlertDeliveriesRepository } from './alert-deliveries.repository';

function region(text: string): Bbox {
  const bbox = parseBbox(text);
  if (!bbox) throw badRequest('invalid_request', ALERT_MESSAGES.bbox);
  return bbox;
}

export class AlertsService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly sources: AlertSources,
    private readonly repository: AlertsRepository,
    /** The server's public origin: CAP's sender and the documents' addresses. */
    private readonly publicUrl: () => string,
    private readonly deliveries: AlertDeliveries,
    private readonly deliveriesRepository: AlertDeliveriesRepository,
  ) {}

  /**
   * The organisation's partners connected now, and its alerts delivered on each of the last
   * ALERT_DELIVERY_DAYS days (its time zone). This process's counts are written first; another's
   * arrive within DELIVERY_FLUSH_MS.
   */
  async partners(
    principal: Principal,
    requested: string | string[] | undefined,
    now = Date.now(),
  ): Promise<AlertPartners> {
    const [organizationId] = await this.accounts.organizationScope(principal, requested);
    await this.deliveries.flush();
    const timeZone = await this.deliveriesRepository.timeZoneOf(organizationId!);
    const dates = lastDays(now, ALERT_DELIVERY_DAYS, timeZone);
    const [connected, hourly] = await Promise.all([
      this.deliveriesRepository.connected(organizationId!, new Date(now - CONNECTION_FRESH_MS)),
      this.deliveriesRepository.hourly(
        organizationId!,
        new Date(now - (ALERT_DELIVERY_DAYS + 1) * 86_400_000),
        new Date(now + 3_600_000),
      ),
    ]);
    const perDay = (channel: 'stream' | 'vehicles') =>
      countsByDate(
        hourly
          .filter((row) => row.channel === channel)
          .map((row) => ({ hour: row.hour.getTime(), count: row.deliveries })),
        dates,
        timeZone,
      );
    const [streams, vehicles] = [perDay('stream'), perDay('vehicles')];
    return {
      connected: connected.map(({ opened_at, ...partner }) => ({
        ...partner,
        since: opened_at.toISOString(),
      })),
      days: dates.map((day, i) => ({ day, streams: streams[i]!, vehicles: vehicles[i]! })),
    };
  }

  /** How widely an alert went out; 404 "Alert not found" when it is not the caller's to see. */
  async reach(principal: Principal, alertId: string): Promise<AlertReach> {
    await this.deliveries.flushCounts();
    const [rows, activeIn] = await Promise.all([
      this.deliveriesRepository.reach(alertId),
      this.repository.organizationOf(alertId),
    ]);
    const organizationId = activeIn ?? rows[0]?.organization_id;
    if (organizationId !== undefined && !(await this.accounts.canSeeOrganization(principal, organizationId)))
      throw notFound(ALERT_MESSAGES.notFound);
    return {
      alert_id: alertId,
      active: activeIn !== undefined,
      partners: new Set(rows.map((row) => row.recipient)).size,
      vehicles: rows
        .filter((row) => row.channel === 'vehicles')
        .reduce((sum, row) => sum + row.deliveries, 0),
    };
  }

  /** An active alert as a CAP 1.2 document; 404 "Alert not found" when it is not active or not the caller's to see. */
  async cap(principal: Principal, id: string): Promise<string> {
    const organizationId = await this.repository.organizationOf(id);
    const visible =
      organizationId !== undefined && (await this.accounts.canSeeOrganization(principal, organizationId));
    const alert = visible
      ? (await this.sources.alertsOf([organizationId])).find((a) => a.id === id)
      : undefined;
    if (!alert) throw notFound(ALERT_MESSAGES.notFound);
    return capDocument(alert, this.sender());
  }

  /** The active alerts of the list (same organisations and region) as an Atom feed of CAP documents. */
  async capFeed(principal: Principal, query: AlertsQuery, now = new Date().toISOString()): Promise<string> {
    const { alerts } = await this.list(principal, query);
    const base = this.publicUrl().replace(/\/$/, '');
    return capAtomFeed(alerts, {
      sender: this.sender(),
      feedUrl: `${base}/api/alerts/cap`,
      alertUrl: (alert) => `${base}/api/alerts/${alert.id}/cap`,
      now,
    });
  }

  /** CAP's sender: the installation, `flare@<its host>`. */
  private sender(): string {
    return `flare@${new URL(this.publicUrl()).host}`;
  }

  /** Most urgent type first, then the newest. */
  async list(principal: Principal, query: AlertsQuery): Promise<Alerts> {
    const bbox = query.bbox === undefined ? null : region(query.bbox);
    const organizationIds = await this.accounts.organizationScope(principal, query['org_ids[]']);
    const alerts = await this.sources.alertsOf(organizationIds);
    const rank = (type: (typeof ALERT_TYPE_IDS)[number]) => ALERT_TYPE_IDS.indexOf(type);
    return {
      alerts: alerts
        .filter((alert) => !bbox || alertInBbox(alert, bbox))
        .sort(
          (a, b) =>
            rank(a.type) - rank(b.type) ||
            (b.start_time ?? '').localeCompare(a.start_time ?? '') ||
            a.id.localeCompare(b.id),
        ),
    };
  }

  /** The organisations a vehicle connection watches (the list's: own by default, or those asked for). */
  vehicleScope(principal: Principal, requested: string | string[] | undefined): Promise<string[]> {
    return this.accounts.organizationScope(principal, requested);
  }

  /** What a stream watches: its organisations, regions and where it resumes (header or query). */
  async streamChoice(
    principal: Principal,
    query: AlertStreamQuery,
    lastEventHeader: string | undefined,
  ): Promise<StreamChoice> {
    const boxes = query.bbox === undefined ? null : [query.bbox].flat().map(region);
    const resume = lastEventHeader ?? query.last_event_id;
    if (resume !== undefined && !/^\d{1,15}$/.test(resume.trim()))
      throw badRequest('invalid_request', ALERT_MESSAGES.lastEventId);
    return {
      organizationIds: await this.accounts.organizationScope(principal, query['org_ids[]']),
      regions: boxes,
      lastEventId: resume === undefined ? null : Number(resume.trim()),
      recipient: recipientOf(principal),
    };
  }
}
