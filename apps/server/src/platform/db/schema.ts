/** Table types for Kysely. Column names are the database's (snake_case). */
import type { IncidentExtent } from '@flare/core/incidents/incident-extent';
import type { LngLat, PolygonGeometry } from '@flare/core/areas/area-geometry';
import type { LineStringGeometry } from '@flare/core/schemas/alerting-zone';
import type { ClosureRoute, ClosureType, LocationMethod, VehicleImpact } from '@flare/core/schemas/closure';
import type { ClosureChangeSource, ClosureHistoryAction } from '@flare/core/schemas/closure-history';
import type { ExportStatus, ExportType } from '@flare/core/schemas/export';
import type { FeedKind } from '@flare/core/schemas/feeds';
import type { ApiKeyScope } from '@flare/core/schemas/api-key';
import type { DeviceModel, DevicePorts } from '@flare/core/things/device-configuration';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface OrganizationTypesTable {
  id: string;
  name: string;
  display_name: string;
  acs: boolean;
  on_icon_url: string | null;
  off_icon_url: string | null;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  email: string | null;
  /** The map position, both set or neither. */
  lat: number | null;
  lng: number | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country_code: string | null;
  phone_number: string | null;
  contact_name: string | null;
  cell_phone_number: string | null;
  timezone: string;
  organization_type_id: string;
  responders_type: 'none' | 'some' | 'all';
  is_wzdx_org: Generated<boolean>;
  is_large_org: Generated<boolean>;
  show_infinite_timeout_option: Generated<boolean>;
  is_ha_direct_enabled: Generated<boolean>;
  billing_customer_id: string | null;
  dashboard_enabled: Generated<boolean>;
  sign_in_method: Generated<'password' | 'external'>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** `related_organization_id` is a manager or accessor of `organization_id`. */
export interface OrganizationRelationshipsTable {
  organization_id: string;
  related_organization_id: string;
  relationship_type: 'manager' | 'accessor';
}

export interface RolesTable {
  id: number;
  name: string;
  description: string;
  sort_order: number;
}

export interface RolePermissionsTable {
  role_id: number;
  permission: string;
}

export interface UsersTable {
  id: Generated<string>;
  organization_id: string;
  role_id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country_code: string | null;
  password_hash: string;
  password_changed_at: DefaultedTimestamp;
  suspended_at: NullableTimestamp;
  last_sign_in_at: NullableTimestamp;
  sign_in_count: Generated<number>;
  failed_sign_in_attempts: Generated<number>;
  locked_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface AccountTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'reset' | 'unlock';
  token_hash: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface PasswordHistoryTable {
  id: Generated<string>;
  user_id: string;
  password_hash: string;
  created_at: DefaultedTimestamp;
}

/** An integration's API key, stored as a SHA-256 hash; the prefix lets people tell keys apart. */
export interface ApiKeysTable {
  id: Generated<string>;
  organization_id: string;
  description: string;
  token_hash: string;
  token_prefix: string;
  /** JSON: what the key may do (core's API_KEY_SCOPES). */
  scopes: ColumnType<ApiKeyScope[], string | undefined, string>;
  created_by: string | null;
  created_at: DefaultedTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** One sign-in: its refresh tokens rotate inside it; revoking it ends the session. */
export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  organization_id: string;
  application: string;
  created_at: DefaultedTimestamp;
  revoked_at: NullableTimestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  session_id: string;
  token_hash: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface ThingTypesTable {
  id: string;
  name: string;
  display_name: string;
  emergency: boolean;
}

export interface ThingSubtypesTable {
  id: string;
  name: string;
  display_name: string;
  thing_type_id: string;
}

export interface EzTypesTable {
  id: string;
  db_name: string;
  display_name: string;
  is_station_view: boolean;
  is_av_type: boolean;
}

export interface SettingsTable {
  name: string;
  value: string;
}

export interface ThingsTable {
  id: Generated<string>;
  organization_id: string;
  device_id: string;
  device_type: Generated<string>;
  nickname: string | null;
  thing_type_id: string;
  thing_subtype_id: string | null;
  vin_number: string | null;
  license_plate_number: string | null;
  registry_number: string | null;
  is_publicly_alerting: Generated<boolean>;
  is_active: Generated<boolean>;
  wzdx_enabled: Generated<boolean>;
  r2r_enabled: Generated<boolean>;
  /** Command hardware (ha5, ha7), null for devices that take no commands. */
  hardware: Generated<'ha5' | 'ha7' | null>;
  alerting_off_at: NullableTimestamp;
  test_mode: Generated<boolean>;
  /** SHA-256 (hex) of the device's credential; null until one is issued. */
  device_credential_hash: string | null;
  device_credential_created_at: NullableTimestamp;
  /** Whether the device may still report with its System Id alone (guessable: for old devices). */
  legacy_device_id: Generated<boolean>;
  /** The integration device model (core's DEVICE_MODELS); null: none chosen. */
  device_model: DeviceModel | null;
  /** Port to direction, as JSON; ports left out are not used. */
  device_ports: ColumnType<DevicePorts, string | undefined, string>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** An asset's live state, written by telemetry only. */
export interface ThingStatesTable {
  thing_id: string;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  course: number | null;
  accuracy: number | null;
  position_at: NullableTimestamp;
  enroute: Generated<boolean>;
  in_service: Generated<boolean>;
  heartbeat_at: NullableTimestamp;
  street: string | null;
  status: Generated<string>;
  status_changed_at: DefaultedTimestamp;
  /** The current run: set when the thing turns active, kept on location, cleared otherwise. */
  run_started_at: NullableTimestamp;
  run_alert_points: Generated<number>;
  battery: number | null;
  charging: boolean | null;
  alarm: string | null;
  alarm_raised_at: NullableTimestamp;
  alarm_acknowledged_by: string | null;
  alarm_acknowledged_at: NullableTimestamp;
  /** Alarms raised up to this time were acknowledged (a resent one is not raised again). */
  alarm_cleared_through: NullableTimestamp;
  /** The station area the thing is parked at (its position inside it, not responding). */
  station_id: string | null;
  updated_at: DefaultedTimestamp;
}

export interface AreasTable {
  id: Generated<string>;
  organization_id: string;
  ez_type_id: string;
  thing_id: string | null;
  name: string;
  description: string | null;
  lat: number;
  lng: number;
  radius_miles: Generated<number>;
  /** GeoJSON Polygon, or null for points and legacy circles. */
  area_geom: ColumnType<PolygonGeometry | null, string | null, string | null>;
  /** GeoJSON Point of a point of interest. */
  point_geom: ColumnType<{ type: 'Point'; coordinates: LngLat } | null, string | null, string | null>;
  min_lng: number;
  min_lat: number;
  max_lng: number;
  max_lat: number;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country_code: string | null;
  is_active: Generated<boolean>;
  created_by: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  deleted_at: NullableTimestamp;
}

export interface AlertingZonesTable {
  id: Generated<string>;
  organization_id: string;
  zone_type: string;
  hotspot_id: string;
  description: string | null;
  alert_message: string | null;
  /** GeoJSON LineString. */
  geometry: ColumnType<LineStringGeometry, string, string>;
  /** Minutes an active incident on the zone keeps it active, from the incident's start. */
  default_expiry_minutes: Generated<number>;
  created_by: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  deleted_at: NullableTimestamp;
}

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

export interface ThingRelationshipsTable {
  thing_id: string;
  organization_id: string;
  relationship_type: 'manager' | 'accessor';
}

export interface ThingExternalIdentifiersTable {
  thing_id: string;
  system_name: 'geotab' | 'samsara';
  identifier_id: string;
}

export interface DeviceCommandsTable {
  id: Generated<string>;
  thing_id: string;
  command: string;
  params: ColumnType<Record<string, unknown>, string, string>;
  requested_by: string | null;
  requested_at: DefaultedTimestamp;
  /** pending, delivered, failed or timed_out. */
  outcome: Generated<string>;
  error: string | null;
  result: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  completed_at: NullableTimestamp;
}

export interface R2rAlertsTable {
  id: Generated<string>;
  organization_id: string;
  alerting_thing_id: string;
  alerted_thing_id: string;
  alerting_lat: number;
  alerting_lng: number;
  alerted_lat: number;
  alerted_lng: number;
  distance_m: number;
  at: Timestamp;
}

export interface HazardsTable {
  id: Generated<string>;
  organization_id: string;
  hazard_type: string;
  severity: string;
  lat: number;
  lng: number;
  reported_at: Timestamp;
  reported_by_kind: 'user' | 'thing';
  reported_by_user_id: string | null;
  reported_by_thing_id: string | null;
  reported_by_name: string;
  note: string | null;
  resolved_at: NullableTimestamp;
  resolved_by_user_id: string | null;
  resolved_by_name: string | null;
  created_at: DefaultedTimestamp;
}

export interface HazardPhotosTable {
  hazard_id: string;
  content_type: string;
  data: Uint8Array;
}

/** A monthly report's PDF (in the data folder's files): its organisation, month and what it covers. */
export interface MonthlyReportsTable {
  id: Generated<string>;
  organization_id: string;
  year: number;
  month: number;
  file_id: string;
  period_start: Timestamp;
  /** The end of what it counts: the month's end, or its build time for a month to date. */
  period_end: Timestamp;
  time_zone: string;
  generated_at: Timestamp;
  requested_by: string | null;
}

export interface PointsTable {
  id: Generated<number>;
  thing_id: string;
  recorded_at: Timestamp;
  received_at: DefaultedTimestamp;
  /** Null for a check-in without a position. */
  lat: number | null;
  lng: number | null;
  valid: Generated<boolean>;
  speed: number | null;
  course: number | null;
  altitude: number | null;
  accuracy: number | null;
  hdop: number | null;
  battery: number | null;
  charging: boolean | null;
  alerting: Generated<boolean>;
  accepted: Generated<boolean>;
  in_service: boolean | null;
  alarm: string | null;
  driver_unique_id: string | null;
  attributes: ColumnType<Record<string, string | number | boolean> | null, string | null, string | null>;
}

export interface IncidentsTable {
  id: Generated<string>;
  number: Generated<string>;
  organization_id: string;
  lat: number;
  lng: number;
  start_lat: number;
  start_lng: number;
  roadway_heading: number | null;
  heading_edited: Generated<boolean>;
  /** A line, circle or polygon (core's IncidentExtent); null: its point alone. Written as JSON text. */
  extent: ColumnType<IncidentExtent | null, string | null, string | null>;
  street: string | null;
  near_area_name: string | null;
  near_area_distance_m: number | null;
  alert_message: string;
  start_time: Timestamp;
  end_time: NullableTimestamp;
  updated_at: DefaultedTimestamp;
}

/** An asset's stint at an incident; end_time null while it is on scene. */
export interface IncidentThingsTable {
  incident_id: string;
  thing_id: string;
  start_time: Timestamp;
  end_time: NullableTimestamp;
  arrival_course: number | null;
}

export interface FeedTokensTable {
  organization_id: string;
  kind: FeedKind;
  /** Null for a secret made before secrets were kept (only its hash is known). */
  token: string | null;
  token_hash: string;
  created_at: DefaultedTimestamp;
}

export interface ExportsTable {
  id: Generated<string>;
  organization_id: string;
  requested_by: string | null;
  export_type: ExportType;
  title: string;
  export_start_time: NullableTimestamp;
  export_end_time: NullableTimestamp;
  use_utc: boolean;
  /** The zone the file's times are written in: UTC, or the organisation's when it was asked for. */
  time_zone: string;
  thing_ids: ColumnType<string[], string, string>;
  include_no_thing_il: boolean;
  closures_to_include: ColumnType<ClosureType[], string, string>;
  requested_at: DefaultedTimestamp;
  completed_at: NullableTimestamp;
  status: Generated<ExportStatus>;
  rows_written: Generated<number>;
  /** Rows counted when the run started, for the progress; null before. */
  rows_total: number | null;
  file_id: string | null;
  error: string | null;
  /** The run holding the export; a run that finds another one holding it stops. */
  run_id: string | null;
  heartbeat_at: NullableTimestamp;
  attempts: Generated<number>;
}

export interface Database {
  organization_types: OrganizationTypesTable;
  organizations: OrganizationsTable;
  organization_relationships: OrganizationRelationshipsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  incidents: IncidentsTable;
  incident_things: IncidentThingsTable;
  feed_tokens: FeedTokensTable;
  thing_types: ThingTypesTable;
  thing_subtypes: ThingSubtypesTable;
  ez_types: EzTypesTable;
  settings: SettingsTable;
  account_tokens: AccountTokensTable;
  password_history: PasswordHistoryTable;
  api_keys: ApiKeysTable;
  things: ThingsTable;
  thing_states: ThingStatesTable;
  thing_relationships: ThingRelationshipsTable;
  thing_external_identifiers: ThingExternalIdentifiersTable;
  points: PointsTable;
  areas: AreasTable;
  alerting_zones: AlertingZonesTable;
  closures: ClosuresTable;
  closure_history: ClosureHistoryTable;
  wzdx_feed_sources: WzdxFeedSourcesTable;
  device_commands: DeviceCommandsTable;
  r2r_alerts: R2rAlertsTable;
  hazards: HazardsTable;
  hazard_photos: HazardPhotosTable;
  monthly_reports: MonthlyReportsTable;
  exports: ExportsTable;
}
