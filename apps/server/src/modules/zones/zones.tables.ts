/** The alerting zones: Kysely's types for the module's tables (the database's snake_case names). */
import type { LineStringGeometry } from '@flare/core/schemas/zone';
import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp } from '../../platform/db/schema';

export interface ZonesTable {
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

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface ZonesTables {
  alerting_zones: ZonesTable;
}
