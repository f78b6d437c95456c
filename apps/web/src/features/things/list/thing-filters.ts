/**
 * The assets-list filters, kept in the URL, and the rule that picks and orders
 * the rows they leave.
 */
import {
  compareThings,
  countBucket,
  fromServerStatus,
  THING_STATUSES,
  type CountBucket,
  type ThingStatus,
} from '@flare/core/status/thing-status';
import { isFeedAsset, primaryDisplayName } from '@flare/core/things/thing-display';
import type { Thing } from '@flare/core/schemas/thing';

export interface ThingFilters {
  statuses: ThingStatus[];
  /** Include out-of-service assets. */
  outOfService: boolean;
  /** Include feed assets (those reporting through an integration). */
  feed: boolean;
  search: string;
  typeName: string | null;
  subtypeId: string | null;
  ownedOrgIds: string[];
  managedOrgIds: string[];
}

/** location, active, standby, stationary, pending; offline per the stored preference (default on). */
export function defaultFilters(showOffline: boolean): ThingFilters {
  return {
    statuses: THING_STATUSES.filter((s) => s !== 'offline' || showOffline),
    outOfService: true,
    feed: true,
    search: '',
    typeName: null,
    subtypeId: null,
    ownedOrgIds: [],
    managedOrgIds: [],
  };
}

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

/** Filters from the URL; absent parameters take their defaults. */
export function filtersFromSearch(params: URLSearchParams, showOffline: boolean): ThingFilters {
  const defaults = defaultFilters(showOffline);
  const status = params.get('status');
  return {
    statuses: status === null ? defaults.statuses : THING_STATUSES.filter((s) => list(status).includes(s)),
    outOfService: params.get('oos') !== '0',
    feed: params.get('feed') !== '0',
    search: params.get('q') ?? '',
    typeName: params.get('type'),
    subtypeId: params.get('subtype'),
    ownedOrgIds: list(params.get('owned')),
    managedOrgIds: list(params.get('managed')),
  };
}

/** The URL parameters for the filters: only what differs from the defaults. */
export function filtersToSearch(filters: ThingFilters, showOffline: boolean, base = new URLSearchParams()) {
  const params = new URLSearchParams(base);
  const defaults = defaultFilters(showOffline);
  const set = (key: string, value: string | null) => (value ? params.set(key, value) : params.delete(key));
  const sameStatuses = filters.statuses.join() === defaults.statuses.join();
  set('status', sameStatuses ? null : filters.statuses.join(',') || 'none');
  set('oos', filters.outOfService ? null : '0');
  set('feed', filters.feed ? null : '0');
  set('q', filters.search.trim() || null);
  set('type', filters.typeName);
  set('subtype', filters.subtypeId);
  set('owned', filters.ownedOrgIds.join(',') || null);
  set('managed', filters.managedOrgIds.join(',') || null);
  return params;
}

export function sameFilters(a: ThingFilters, b: ThingFilters): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

function normalise(filters: ThingFilters) {
  return {
    ...filters,
    search: filters.search.trim(),
    statuses: [...filters.statuses].sort(),
    ownedOrgIds: [...filters.ownedOrgIds].sort(),
    managedOrgIds: [...filters.managedOrgIds].sort(),
  };
}

/** Search looks at the names, the vehicle id, the plate and the VIN, ignoring case. */
function matchesSearch(thing: Thing, needle: string): boolean {
  if (!needle) return true;
  return [
    thing.nickname,
    thing.haas_id,
    thing.registry_number,
    thing.license_plate_number,
    thing.vin_number,
  ].some((value) => value?.toLowerCase().includes(needle));
}

export function matchesFilters(thing: Thing, filters: ThingFilters): boolean {
  if (!thing.in_service && !filters.outOfService) return false;
  if (!filters.feed && isFeedAsset(thing)) return false;
  if (!filters.statuses.includes(fromServerStatus(thing.status))) return false;
  if (filters.typeName && thing.thing_type.name !== filters.typeName) return false;
  if (filters.subtypeId && thing.thing_subtype_uuid !== filters.subtypeId) return false;
  if (filters.ownedOrgIds.length > 0 && !filters.ownedOrgIds.includes(thing.organization.id)) return false;
  if (
    filters.managedOrgIds.length > 0 &&
    !thing.organization_relationships.some(
      (r) => r.relationship_type === 'manager' && filters.managedOrgIds.includes(r.organization_uuid),
    )
  ) {
    return false;
  }
  return matchesSearch(thing, filters.search.trim().toLowerCase());
}

/** The rows to show, in the spec's order: by status, then name (or newest heartbeat from pending on). */
export function visibleThings(things: Iterable<Thing>, filters: ThingFilters): Thing[] {
  const rows: Array<{ thing: Thing; status: ThingStatus; name: string; heartbeatAt: number | null }> = [];
  for (const thing of things) {
    if (!matchesFilters(thing, filters)) continue;
    rows.push({
      thing,
      status: fromServerStatus(thing.status),
      name: primaryDisplayName(thing),
      heartbeatAt: thing.heartbeat_datetime ? Date.parse(thing.heartbeat_datetime) : null,
    });
  }
  return rows.sort(compareThings).map((row) => row.thing);
}

export type ThingCounts = Record<CountBucket | 'total', number>;

export function countThings(things: Iterable<Thing>): ThingCounts {
  const counts: ThingCounts = { total: 0, online: 0, offline: 0, outOfService: 0 };
  for (const thing of things) {
    counts.total += 1;
    counts[countBucket(thing.in_service, fromServerStatus(thing.status))] += 1;
  }
  return counts;
}
