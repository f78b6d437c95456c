/**
 * Closures and their history as the API shows them; a checked save payload, and a road event of an external feed, as
 * the columns they write.
 */
import { isDeepStrictEqual } from 'node:util';
import { closureStatus } from '@flare/core/closures/closure-status';
import { closureTimes } from '@flare/core/closures/closure-rules';
import type { Closure, ClosureInput } from '@flare/core/schemas/closure';
import type { ClosureHistoryEntry } from '@flare/core/schemas/closure-history';
import type { ImportedRoadEvent } from '@flare/core/wzdx/road-event-import';
import type { ClosureHistoryRow } from './closure-history.repository';
import type { ClosureRow, ClosureValues } from './closures.repository';
import type { FeedClosureValues } from './wzdx.repository';

const iso = (date: Date | null) => date?.toISOString() ?? null;
/** A feed's address as shown: its query string may hold a key. */
export const withoutQuery = (url: string) => url.replace(/[?#].*$/, '');

export function toClosure(row: ClosureRow, now: number): Closure {
  return {
    id: row.id,
    closure_type: row.closure_type,
    thing_id: row.thing_id,
    thing:
      row.thing_id && row.thing_device_id
        ? {
            id: row.thing_id,
            nickname: row.thing_nickname,
            haas_id: row.thing_device_id,
            heartbeat_datetime: iso(row.thing_heartbeat_at),
            registry_number: row.thing_registry_number,
            vin_number: row.thing_vin_number,
            license_plate_number: row.thing_license_plate_number,
          }
        : null,
    organization: {
      id: row.organization_id,
      name: row.organization_name,
      organization_type: row.organization_type,
    },
    status: closureStatus(row, row.thing_heartbeat_at?.getTime() ?? null, now),
    is_active: row.is_active,
    is_in_service: row.is_in_service,
    is_dashboard_managed: row.closure_type !== 'feed',
    feed:
      row.feed_url && row.feed_event_id
        ? { url: withoutQuery(row.feed_url), event_id: row.feed_event_id }
        : null,
    description: row.description,
    alert_message: row.alert_message,
    direction: row.direction,
    impacted_lanes: row.impacted_lanes,
    user_route: row.user_route,
    route_path: row.route_path,
    calculated_route: row.route_path,
    geocoded_route: {
      type: 'Feature',
      geometry: row.route_path,
      properties: { street_start: row.street_start, street_end: row.street_end, road_names: row.road_names },
    },
    road_names: row.road_names,
    street_start: row.street_start,
    street_end: row.street_end,
    start_time: iso(row.start_time),
    end_time: iso(row.end_time),
    last_start_time: iso(row.last_start_time),
    is_scheduled: row.is_scheduled,
    is_publish_on: row.is_publish_on,
    external_id: row.external_id,
    location_method: row.location_method,
    vehicle_impact: row.vehicle_impact,
    group_id: row.group_id,
    is_wzdx_compliant: row.is_wzdx_compliant,
    updated_at: row.updated_at.toISOString(),
    is_deleted: row.deleted_at !== null,
  };
}

export function toClosureValues(input: ClosureInput, now: Date): ClosureValues {
  const times = closureTimes(input, now);
  return {
    closure_type: input.closure_type,
    thing_id: input.closure_type === 'automated' ? (input.thing_id ?? null) : null,
    is_in_service: input.is_in_service,
    description: input.description,
    alert_message: input.alert_message || null,
    direction: input.direction ?? null,
    impacted_lanes: JSON.stringify([...new Set(input.impacted_lanes)].sort((a, b) => a - b)),
    user_route: JSON.stringify(input.user_route),
    // Without a driving route, the straight segments between the user's points.
    route_path: JSON.stringify(
      input.route_path && input.route_path.coordinates.length >= 2 ? input.route_path : input.user_route,
    ),
    road_names: JSON.stringify([...new Set(input.road_names)]),
    street_start: input.street_start || null,
    street_end: input.street_end || null,
    is_scheduled: input.is_scheduled,
    ...times,
    is_publish_on: input.is_publish_on,
    external_id: input.external_id || null,
    location_method: input.location_method ?? null,
    vehicle_impact: input.vehicle_impact ?? null,
    group_id: input.group_id || null,
    is_wzdx_compliant: input.is_wzdx_compliant,
  };
}

/** The columns written as JSON (a row holds them parsed). */
const JSON_COLUMNS = new Set(['impacted_lanes', 'user_route', 'route_path', 'road_names']);

/**
 * Whether saving `values` over `row` stores nothing new: its times compared as a save gives them (to
 * the minute, and none unless active or scheduled), so a closure switched off from its row, or on at a
 * second past the minute, then opened and saved as it was, is unchanged.
 */
export function savesNothingNew(row: ClosureRow, values: ClosureValues, now: Date): boolean {
  const times = closureTimes(
    {
      is_active: row.is_active,
      is_scheduled: row.is_scheduled,
      start_time: iso(row.start_time),
      end_time: iso(row.end_time),
    },
    now,
  );
  // Whether it is on, as stored: a scheduled start that has come before its job ran is a change.
  const stored: Record<string, unknown> = { ...row, start_time: times.start_time, end_time: times.end_time };
  return Object.entries(values).every(([column, value]) =>
    isDeepStrictEqual(JSON_COLUMNS.has(column) ? JSON.parse(value as string) : value, stored[column]),
  );
}

/**
 * A road event of an external feed as a feed closure: active between its start and end, scheduled
 * while its start is ahead (the schedule jobs then switch it on and off like any scheduled closure).
 */
export function toFeedClosureValues(event: ImportedRoadEvent, now: Date): FeedClosureValues {
  const active = event.start <= now && now < event.end;
  const route = JSON.stringify({ type: 'LineString', coordinates: event.route });
  return {
    description: event.description,
    direction: event.direction,
    impacted_lanes: JSON.stringify(event.impactedLanes),
    user_route: route,
    route_path: route,
    road_names: JSON.stringify(event.roadNames),
    street_start: event.streetStart,
    street_end: event.streetEnd,
    is_active: active,
    is_scheduled: event.start > now,
    start_time: event.start,
    end_time: event.end,
    last_start_time: active ? event.start : null,
    location_method: event.locationMethod,
    vehicle_impact: event.vehicleImpact,
  };
}

export function toClosureHistoryEntry(row: ClosureHistoryRow): ClosureHistoryEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    source: row.source,
    user: row.user_name === null ? null : { id: row.user_id, name: row.user_name },
    is_active: row.is_active,
  };
}
