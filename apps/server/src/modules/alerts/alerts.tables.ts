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

export type DeliveryChannel = 'stream' | 'vehicles';

/** An alert's first deliveries to a partner's streams or vehicles in an hour. */
export interface MotoristAlertDeliveriesTable {
  organization_id: string;
  alert_id: string;
  /** `key:<api key id>` or `user:<user id>`. */
  recipient: string;
  channel: DeliveryChannel;
  hour: ColumnType<Date, Date, Date>;
  deliveries: number;
}

/** A partner's connection open now, kept fresh by the process serving it. */
export interface MotoristAlertConnectionsTable {
  id: string;
  organization_ids: ColumnType<string[], string[], string[]>;
  /** The partner's API key, or (null) a signed-in user's connection. */
  api_key_id: string | null;
  user_id: string | null;
  channel: DeliveryChannel;
  vehicles: ColumnType<number, number | undefined, number>;
  opened_at: DefaultedTimestamp;
  seen_at: DefaultedTimestamp;
}

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface AlertsTables {
  motorist_alerts: MotoristAlertsTable;
  motorist_alert_events: MotoristAlertEventsTable;
  motorist_alert_deliveries: MotoristAlertDeliveriesTable;
  motorist_alert_connections: MotoristAlertConnectionsTable;
}
