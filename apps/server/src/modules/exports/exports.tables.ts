/** The exports: Kysely's types for the module's tables (the database's snake_case names). */
import type { ClosureType } from '@flare/core/schemas/closure';
import type { ExportStatus, ExportType } from '@flare/core/schemas/export';
import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, NullableTimestamp } from '../../platform/db/schema';

export interface ExportsTable {
  id: Generated<string>;
  organization_id: string;
  requested_by: string | null;
  export_type: ExportType;
  title: string;
  export_start_time: NullableTimestamp;
  export_end_time: NullableTimestamp;
  use_utc: boolean;
  /** The zone the file's times are written in: UTC, or the organisation's when it was asked for. */
  time_zone: string;
  thing_ids: ColumnType<string[], string, string>;
  include_no_thing_il: boolean;
  closures_to_include: ColumnType<ClosureType[], string, string>;
  requested_at: DefaultedTimestamp;
  completed_at: NullableTimestamp;
  status: Generated<ExportStatus>;
  rows_written: Generated<number>;
  /** Rows counted when the run started, for the progress; null before. */
  rows_total: number | null;
  file_id: string | null;
  error: string | null;
  /** The run holding the export; a run that finds another one holding it stops. */
  run_id: string | null;
  heartbeat_at: NullableTimestamp;
  attempts: Generated<number>;
}

/** Joined into the one `Database` type (platform/db/schema.ts). */
export interface ExportsTables {
  exports: ExportsTable;
}
