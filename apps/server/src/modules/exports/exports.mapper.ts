/** An export row as the API shows it, with its progress as a percentage. */
import type { Export } from '@flare/core/schemas/export';
import type { ExportRow } from './exports.repository';

const iso = (time: Date | null) => (time ? new Date(time).toISOString() : null);

/** Completed: 100. Under way: rows written of those counted at its start, never 100 before it ends. */
export function exportProgress(row: Pick<ExportRow, 'status' | 'rows_written' | 'rows_total'>): number {
  if (row.status === 'completed') return 100;
  if (!row.rows_total) return 0;
  return Math.min(99, Math.floor((Number(row.rows_written) * 100) / Number(row.rows_total)));
}

export function toExport(row: ExportRow): Export {
  return {
    id: row.id,
    organization_id: row.organization_id,
    requested_by: row.requested_by,
    requested_by_name: row.requested_by_name,
    export_type: row.export_type,
    title: row.title,
    export_start_time: iso(row.export_start_time),
    export_end_time: iso(row.export_end_time),
    use_utc: row.use_utc,
    time_zone: row.time_zone,
    requested_at: iso(row.requested_at)!,
    completed_at: iso(row.completed_at),
    file_id: row.file_id,
    status: row.status,
    rows_written: Number(row.rows_written),
    progress: exportProgress(row),
    error: row.error,
  };
}
