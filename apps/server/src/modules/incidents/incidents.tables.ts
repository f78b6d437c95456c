/** The incidents and their assets: Kysely's types for the module's tables (the database's snake_case names). */
import type { IncidentExtent } from '@flare/core/incidents/incident-extent';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, DefaultedTimestamp, NullableTimestamp } from '../../platform/db/schema';

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

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface IncidentsTables {
  incidents: IncidentsTable;
  incident_things: IncidentThingsTable;
}
