/** The closures, their history and the WZDx feeds they come from: Kysely's types for the module's tables (the database's snake_case names). */
import type { ClosureRoute, ClosureType, LocationMethod, VehicleImpact } from '@flare/core/schemas/closure';
import type { ClosureChangeSource, ClosureHistoryAction } from '@flare/core/schemas/closure-history';
import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp } from '../../platform/db/schema';

/** An external WZDx feed read into an organisation's feed closures, and how its last poll went. */
export interface WzdxFeedSourcesTable {
  organization_id: string;
  url: string;
  etag: string | null;
  last_modified: string | null;
  version: string | null;
  polled_at: NullableTimestamp;
  succeeded_at: NullableTimestamp;
  error: string | null;
  event_count: Generated<number>;
  skipped: ColumnType<Record<string, number>, string | undefined, string>;
}

export interface ClosuresTable {
  id: Generated<string>;
  organization_id: string;
  closure_type: ClosureType;
  thing_id: string | null;
  is_active: Generated<boolean>;
  is_in_service: Generated<boolean>;
  description: string;
  alert_message: string | null;
  direction: 'N' | 'E' | 'S' | 'W' | null;
  impacted_lanes: ColumnType<number[], string | undefined, string>;
  user_route: ColumnType<ClosureRoute, string, string>;
  route_path: ColumnType<ClosureRoute, string, string>;
  /** JSON: the roads it closes. */
  road_names: ColumnType<string[], string | undefined, string>;
  street_start: string | null;
  street_end: string | null;
  is_scheduled: Generated<boolean>;
  start_time: NullableTimestamp;
  end_time: NullableTimestamp;
  last_start_time: NullableTimestamp;
  is_publish_on: Generated<boolean>;
  external_id: string | null;
  location_method: LocationMethod | null;
  vehicle_impact: VehicleImpact | null;
  group_id: string | null;
  is_wzdx_compliant: Generated<boolean>;
  /** Feed closures: the feed and the road event they come from. */
  feed_url: string | null;
  feed_event_id: string | null;
  feed_fingerprint: string | null;
  created_by: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  deleted_at: NullableTimestamp;
}

/** A change of a closure: what, who (a user, named as then, or what made it), when, active after it. */
export interface ClosureHistoryTable {
  id: Generated<string>;
  closure_id: string;
  at: DefaultedTimestamp;
  action: ClosureHistoryAction;
  source: ClosureChangeSource;
  user_id: string | null;
  user_name: string | null;
  is_active: boolean;
}

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface ClosuresTables {
  wzdx_feed_sources: WzdxFeedSourcesTable;
  closures: ClosuresTable;
  closure_history: ClosureHistoryTable;
}
