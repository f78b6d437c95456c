/** The stored reports (points): Kysely's types for the module's tables (the database's snake_case names). */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, DefaultedTimestamp } from '../../platform/db/schema';

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

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface TelemetryTables {
  points: PointsTable;
}
