/** The motorist alerts partners last heard and their numbered changes: Kysely's types for the module's tables. */
import type { Alert, AlertGeometry } from '@flare/core/schemas/alert';
import type { AlertChange } from '@flare/core/events/alert-events';
import type { ColumnType } from 'kysely';
import type { DefaultedTimestamp } from '../../platform/db/schema';

export interface MotoristAlertsTable {
  /** The alert's id (its source's kind and id). */
  id: string;
  organization_id: string;
  alert: ColumnType<Alert, string, string>;
  updated_at: DefaultedTimestamp;
}

export interface MotoristAlertEventsTable {
  /** int8: the pg driver reads it as a string. */
  id: ColumnType<string, never, never>;
  organization_id: string;
  alert_id: string;
  change: AlertChange;
  alert: ColumnType<Alert, string, never>;
  previous_geometry: ColumnType<AlertGeometry | null, string | null, never>;
  created_at: DefaultedTimestamp;
}

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface AlertsTables {
  motorist_alerts: MotoristAlertsTable;
  motorist_alert_events: MotoristAlertEventsTable;
}
