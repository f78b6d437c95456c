/**
 * Asset (thing) status rules: the ordered statuses, their server strings and labels, the status
 * rule with its windows and the context it reads, staleness and list ordering.
 */
import type { RespondersType } from '../labels';

export const THING_STATUSES = ['location', 'active', 'standby', 'stationary', 'pending', 'offline'] as const;
export type ThingStatus = (typeof THING_STATUSES)[number];

/** Status codes: the order of THING_STATUSES; out-of-service is separate (6). */
export const STATUS_CODE: Record<ThingStatus, number> = {
  location: 0,
  active: 1,
  standby: 2,
  stationary: 3,
  pending: 4,
  offline: 5,
};
export const OUT_OF_SERVICE_CODE = 6;

export const SERVER_STATUSES = [
  'active_location',
  'active',
  'standby',
  'stationary',
  'pending',
  'offline',
] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

export function fromServerStatus(value: ServerStatus): ThingStatus {
  return value === 'active_location' ? 'location' : value;
}

export function toServerStatus(status: ThingStatus): ServerStatus {
  return status === 'location' ? 'active_location' : status;
}

export const STATUS_WINDOWS_MS = {
  stale: 30_000,
  active: 2 * 3_600_000,
  standby: 8 * 3_600_000,
  pending: 4 * 86_400_000,
} as const;

/**
 * The asset detail's label for when it last reported: "Last Online" for a pending or offline asset (when
 * it was last heard from), "Last Sync" for the others (its latest data).
 */
export function lastReportLabel(status: ThingStatus): 'Last Online' | 'Last Sync' {
  return status === 'pending' || status === 'offline' ? 'Last Online' : 'Last Sync';
}

export function statusLabel(status: ThingStatus, respondersType: RespondersType): string {
  const responders = respondersType !== 'none';
  switch (status) {
    case 'location':
      return responders ? 'On-Scene' : 'Active Event';
    case 'active':
      return responders ? 'Responding' : 'Active';
    case 'standby':
    case 'stationary':
      return 'Standby';
    case 'pending':
      return 'Pending';
    case 'offline':
      return 'Offline';
  }
}

export const STATUS_MEANINGS: Record<ThingStatus, string> = {
  location: 'On scene at an active event',
  active: 'Moving with emergency lights on (or on an active closure)',
  standby: 'Checked in within the last 8 hours',
  stationary: 'Stationary for about 10 minutes and not alerting',
  pending: 'No check-in for 8 hours',
  offline: 'No check-in for 4 days',
};

/** What the status rule reads of the asset itself. */
export interface StatusSubject {
  /** Last check-in time in ms since the epoch, or null when the asset never checked in. */
  heartbeatAt: number | null;
  enroute: boolean;
  street: string | null;
}

/**
 * What other sections know about an asset, each from its own context provider: the station area it
 * is parked at (areas), the incident it is on scene at (events) and the closures that are active on
 * it (closures). An asset nobody knows anything about has NO_CONTEXT.
 */
export interface ThingContext {
  stationId: string | null;
  incidentId: string | null;
  activeClosureIds: readonly string[];
}

export const NO_CONTEXT: ThingContext = Object.freeze({
  stationId: null,
  incidentId: null,
  activeClosureIds: Object.freeze([]),
});

/**
 * The asset's status: an active closure makes it active; being on an incident puts it on location;
 * otherwise its check-ins decide: enroute within 2 h is active; not enroute within 8 h is stationary
 * (with a street) or standby; within 4 days pending; after that (or never checked in) offline.
 */
export function statusOf(thing: StatusSubject, context: ThingContext, now: number): ThingStatus {
  if (context.activeClosureIds.length > 0) return 'active';
  if (context.incidentId !== null) return 'location';
  if (thing.heartbeatAt === null) return 'offline';
  const age = now - thing.heartbeatAt;
  if (age <= STATUS_WINDOWS_MS.active && thing.enroute) return 'active';
  if (!thing.enroute && age <= STATUS_WINDOWS_MS.standby) return thing.street ? 'stationary' : 'standby';
  if (age <= STATUS_WINDOWS_MS.pending) return 'pending';
  return 'offline';
}

/**
 * How long each status lasts after the last check-in when no report comes: past it, statusOf gives
 * another status whatever the asset's context allows by time (responding needs a check-in within the
 * active window, standby within the standby window, pending within the pending window; on-scene ages
 * like responding). Offline lasts. The status sweep reads only assets past their status's time.
 */
export const STATUS_LASTS_MS: Record<Exclude<ServerStatus, 'offline'>, number> = {
  active_location: STATUS_WINDOWS_MS.active,
  active: STATUS_WINDOWS_MS.active,
  standby: STATUS_WINDOWS_MS.standby,
  stationary: STATUS_WINDOWS_MS.standby,
  pending: STATUS_WINDOWS_MS.pending,
};

/** Stale: no heartbeat, or one older than 30 s. */
export function isStale(heartbeatAt: number | null, now: number): boolean {
  return heartbeatAt === null || now - heartbeatAt > STATUS_WINDOWS_MS.stale;
}

/** Online in the assets-list header: every status but offline. */
export function isOnline(status: ThingStatus): boolean {
  return status !== 'offline';
}

export interface SortableThing {
  status: ThingStatus;
  name: string;
  heartbeatAt: number | null;
}

/** List order: by status, then upper-cased name before pending, otherwise newest heartbeat first. */
export function compareThings(a: SortableThing, b: SortableThing): number {
  const byStatus = STATUS_CODE[a.status] - STATUS_CODE[b.status];
  if (byStatus !== 0) return byStatus;
  if (STATUS_CODE[a.status] < STATUS_CODE.pending) {
    const left = a.name.toUpperCase();
    const right = b.name.toUpperCase();
    return left < right ? -1 : left > right ? 1 : 0;
  }
  return (b.heartbeatAt ?? -Infinity) - (a.heartbeatAt ?? -Infinity);
}

/** Where an asset counts in "Online | Offline | OOS": out-of-service apart, the rest by status. */
export type CountBucket = 'online' | 'offline' | 'outOfService';

export function countBucket(inService: boolean, status: ThingStatus): CountBucket {
  if (!inService) return 'outOfService';
  return isOnline(status) ? 'online' : 'offline';
}
