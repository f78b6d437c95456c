/** The areas: Kysely's types for the module's tables (the database's snake_case names). */
import type { LngLat, PolygonGeometry } from '@flare/core/areas/area-geometry';
import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp } from '../../platform/db/schema';

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

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface AreasTables {
  areas: AreasTable;
}
