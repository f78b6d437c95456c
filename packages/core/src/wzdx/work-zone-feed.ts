/**
 * Publishing closures as a WZDx 4.2 WorkZoneFeed (the open US DOT format navigation apps and
 * connected vehicles read). Pure: the server picks the published closures and serves the document.
 *
 * Mapping: the closure's work-zone id is the feature id; direction N/E/S/W becomes
 * northbound/eastbound/southbound/westbound (none: unknown); the impacted lanes become a lane list
 * numbered from the left (impacted ones closed, the others up to the highest impacted one open);
 * the driving route is the LineString; dates are UTC with `Z`. The start is verified once the
 * closure is active (someone switched it on, or its asset did); positions are drawn on a map, so
 * never verified. An active closure without an end is published as ending a day after the feed's
 * hour, unverified, since the format requires an end.
 */
import type { ClosureType, LocationMethod, VehicleImpact } from '../schemas/closure';

export const WZDX_VERSION = '4.2';
export const WZDX_LICENSE = 'https://creativecommons.org/publicdomain/zero/1.0/';
/** How often consumers should fetch the feed again, seconds. */
export const WZDX_UPDATE_FREQUENCY_S = 60;
const OPEN_END_MS = 24 * 3_600_000;

export const WZDX_DIRECTIONS = { N: 'northbound', E: 'eastbound', S: 'southbound', W: 'westbound' } as const;
export type WzdxDirection = (typeof WZDX_DIRECTIONS)[keyof typeof WZDX_DIRECTIONS] | 'unknown';

/** What a published closure contributes to the feed. */
export interface PublishedClosure {
  external_id: string;
  closure_type: ClosureType;
  description: string;
  direction: keyof typeof WZDX_DIRECTIONS | null;
  impacted_lanes: readonly number[];
  route: ReadonlyArray<readonly [number, number]>;
  /** At least one: a closure without road names is not published. */
  road_names: string[];
  street_start: string | null;
  street_end: string | null;
  is_active: boolean;
  start_time: Date | null;
  end_time: Date | null;
  location_method: LocationMethod;
  vehicle_impact: VehicleImpact;
  group_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface FeedPublisher {
  /** The organisation's id: the data source id of every road event. */
  id: string;
  name: string;
  contactName: string | null;
  contactEmail: string | null;
}

/** RFC 3339 UTC with `Z`, to the second, as WZDx dates are written. */
export const utc = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The lanes from the left up to the highest impacted one: impacted closed, the others open. */
function lanesOf(impacted: readonly number[]) {
  const closed = new Set(impacted);
  const count = Math.max(0, ...impacted);
  return Array.from({ length: count }, (_, index) => ({
    order: index + 1,
    type: 'general',
    status: closed.has(index + 1) ? 'closed' : 'open',
  }));
}

export function wzdxRoadEvent(closure: PublishedClosure, dataSourceId: string, generatedAt: Date) {
  const start = closure.start_time ?? closure.created_at;
  const end = closure.end_time ?? new Date(Math.max(generatedAt.getTime(), start.getTime()) + OPEN_END_MS);
  return {
    id: closure.external_id,
    type: 'Feature' as const,
    properties: {
      core_details: {
        event_type: 'work-zone' as const,
        data_source_id: dataSourceId,
        road_names: closure.road_names,
        direction: closure.direction ? WZDX_DIRECTIONS[closure.direction] : 'unknown',
        name: closure.external_id,
        description: closure.description,
        creation_date: utc(closure.created_at),
        update_date: utc(closure.updated_at),
        ...(closure.group_id
          ? { related_road_events: [{ type: 'related-work-zone', id: closure.group_id }] }
          : {}),
      },
      start_date: utc(start),
      end_date: utc(end),
      is_start_date_verified: closure.is_active,
      is_end_date_verified: false,
      is_start_position_verified: false,
      is_end_position_verified: false,
      location_method: closure.location_method,
      vehicle_impact: closure.vehicle_impact,
      work_zone_type: closure.closure_type === 'automated' ? 'moving' : 'static',
      ...(closure.street_start ? { beginning_cross_street: closure.street_start } : {}),
      ...(closure.street_end ? { ending_cross_street: closure.street_end } : {}),
      ...(closure.impacted_lanes.length > 0 ? { lanes: lanesOf(closure.impacted_lanes) } : {}),
    },
    geometry: { type: 'LineString' as const, coordinates: closure.route },
  };
}

/** The feed's header: who publishes, when the data last changed, the format version and licence. */
export function wzdxFeedInfo(publisher: FeedPublisher, updatedAt: Date) {
  return {
    publisher: publisher.name,
    version: WZDX_VERSION,
    license: WZDX_LICENSE,
    update_date: utc(updatedAt),
    update_frequency: WZDX_UPDATE_FREQUENCY_S,
    ...(publisher.contactName ? { contact_name: publisher.contactName } : {}),
    ...(publisher.contactEmail ? { contact_email: publisher.contactEmail } : {}),
    data_sources: [
      {
        data_source_id: publisher.id,
        organization_name: publisher.name,
        update_date: utc(updatedAt),
        update_frequency: WZDX_UPDATE_FREQUENCY_S,
        ...(publisher.contactName ? { contact_name: publisher.contactName } : {}),
        ...(publisher.contactEmail ? { contact_email: publisher.contactEmail } : {}),
      },
    ],
  };
}

export function wzdxWorkZoneFeed(
  publisher: FeedPublisher,
  closures: readonly PublishedClosure[],
  updatedAt: Date,
) {
  return {
    feed_info: wzdxFeedInfo(publisher, updatedAt),
    type: 'FeatureCollection' as const,
    features: closures.map((closure) => wzdxRoadEvent(closure, publisher.id, updatedAt)),
  };
}
