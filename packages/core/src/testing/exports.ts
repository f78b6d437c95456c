/** Exports for tests, in the wire format of the exports API: a completed points export by user-1. */
import type { Export } from '../schemas/export';

export function makeExport(overrides: Partial<Export> = {}): Export {
  return {
    id: 'e1',
    organization_id: 'org-1',
    requested_by: 'user-1',
    requested_by_name: 'Ada Lovelace',
    export_type: 'point',
    title: 'Points Export',
    export_start_time: '2026-11-26T06:00:00.000Z',
    export_end_time: '2026-11-27T06:00:00.000Z',
    use_utc: false,
    time_zone: 'America/Chicago',
    requested_at: '2026-11-27T12:00:00.000Z',
    completed_at: '2026-11-27T12:01:00.000Z',
    file_id: 'e1.csv',
    status: 'completed',
    rows_written: 1200,
    progress: 100,
    error: null,
    ...overrides,
  };
}
