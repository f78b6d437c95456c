/** The hazards and their photos: Kysely's types for the module's tables (the database's snake_case names). */
import type { Generated } from 'kysely';
import type { Timestamp, DefaultedTimestamp, NullableTimestamp } from '../../platform/db/schema';

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

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface HazardsTables {
  hazards: HazardsTable;
  hazard_photos: HazardPhotosTable;
}
