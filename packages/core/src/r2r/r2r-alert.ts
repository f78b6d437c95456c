/**
 * R2R (responder to responder): an alerting responder warns the R2R-enabled assets near it. The rule
 * the ingest pipeline applies to each report, and the search window of the R2R section.
 */
import { metresBetween, type LatLng } from '../incidents/scene-rules';
import { STATUS_WINDOWS_MS } from '../status/thing-status';

export const R2R_ALERTS = {
  /** How close another R2R-enabled asset must be to be alerted (the server may set its own). */
  distanceM: 300,
  /** One alert per pair of assets in this window, so a convoy does not flood. */
  repeatWindowMs: 5 * 60_000,
  /** An asset's last position counts while it is this fresh: the stale window of the status rule. */
  freshForMs: STATUS_WINDOWS_MS.stale,
  /** The R2R section searches this long from its start time. */
  searchWindowMs: 15 * 60_000,
} as const;

export const R2R_MESSAGES = {
  futureStart: 'Start time must not be in the future',
  noAlerts: 'No R2R alerts in this window',
} as const;

/** An asset as R2R sees it. */
export interface R2rAsset {
  thingId: string;
  /** Who sees it: the owner first, then managers and accessors. */
  organizationIds: readonly string[];
  r2rEnabled: boolean;
  responder: boolean;
}

/** A report as the rule reads it. */
export interface R2rReport {
  at: number;
  position: LatLng | null;
  alerting: boolean;
}

/** Another asset's last known position. */
export interface R2rNeighbour extends R2rAsset {
  position: LatLng;
  at: number;
}

export interface R2rAlertFound {
  alertedThingId: string;
  /** Of the alerted asset. */
  position: LatLng;
  distanceM: number;
}

/** Whether an asset's report may alert others: an R2R-enabled responder with its lights on. */
export function mayAlert(asset: R2rAsset, report: R2rReport): report is R2rReport & { position: LatLng } {
  return asset.r2rEnabled && asset.responder && report.alerting && report.position !== null;
}

/** The key under which a pair's last alert is remembered (the alerting asset first). */
export function pairKey(alertingThingId: string, alertedThingId: string): string {
  return `${alertingThingId}>${alertedThingId}`;
}

/**
 * The alerts a report raises: each other R2R-enabled asset that shares an organisation with the
 * alerting one, was at most `freshForMs` old at the report's time, lies within `distanceM`, and was
 * not alerted by the same asset in the last `repeatWindowMs` (`lastAlertAt` answers by pair key).
 */
export function r2rAlerts(
  asset: R2rAsset,
  report: R2rReport,
  neighbours: Iterable<R2rNeighbour>,
  lastAlertAt: (key: string) => number | undefined,
  distanceM: number = R2R_ALERTS.distanceM,
): R2rAlertFound[] {
  if (!mayAlert(asset, report)) return [];
  const alerts: R2rAlertFound[] = [];
  for (const other of neighbours) {
    if (other.thingId === asset.thingId || !other.r2rEnabled) continue;
    if (!other.organizationIds.some((id) => asset.organizationIds.includes(id))) continue;
    if (Math.abs(report.at - other.at) > R2R_ALERTS.freshForMs) continue;
    const last = lastAlertAt(pairKey(asset.thingId, other.thingId));
    if (last !== undefined && report.at - last < R2R_ALERTS.repeatWindowMs) continue;
    const metres = metresBetween(report.position, other.position);
    if (metres <= distanceM)
      alerts.push({ alertedThingId: other.thingId, position: other.position, distanceM: metres });
  }
  return alerts;
}

/** What is wrong with a search from `start` at `now` (ms); null when fine. */
export function r2rSearchError(start: number, now: number): string | null {
  return start > now ? R2R_MESSAGES.futureStart : null;
}
