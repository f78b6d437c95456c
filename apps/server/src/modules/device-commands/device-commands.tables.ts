/** The device commands: Kysely's types for the module's tables (the database's snake_case names). */
import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp } from '../../platform/db/schema';

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

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface DeviceCommandsTables {
  device_commands: DeviceCommandsTable;
}
