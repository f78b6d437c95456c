/** The Responder-to-Responder alerts: Kysely's types for the module's tables (the database's snake_case names). */
import type { Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/schema';

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

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface R2rTables {
  r2r_alerts: R2rAlertsTable;
}
