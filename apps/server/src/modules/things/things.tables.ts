/** The assets, their states, relations and external identifiers: Kysely's types for the module's tables (the database's snake_case names). */
import type { DeviceModel, DevicePorts } from '@flare/core/things/device-configuration';
import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp } from '../../platform/db/schema';

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

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface ThingsTables {
  things: ThingsTable;
  thing_states: ThingStatesTable;
  thing_relationships: ThingRelationshipsTable;
  thing_external_identifiers: ThingExternalIdentifiersTable;
}
