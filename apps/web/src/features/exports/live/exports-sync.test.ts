import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Export } from '@flare/core/schemas/export';
import { EXPORTS_KEY } from '../api/get-exports';
import { createExportsSync, withExportChanges } from './exports-sync';

const exported = (id: string, patch: Partial<Export> = {}): Export => ({
  id,
  organization_id: 'org-1',
  requested_by: 'user-1',
  requested_by_name: 'Ada Admin',
  export_type: 'point',
  title: `Export ${id}`,
  export_start_time: '2026-11-29T06:00:00.000Z',
  export_end_time: '2026-11-30T06:00:00.000Z',
  use_utc: false,
  time_zone: 'America/Chicago',
  requested_at: '2026-11-30T08:00:00.000Z',
  completed_at: null,
  file_id: null,
  status: 'in_progress',
  rows_written: 0,
  progress: 0,
  error: null,
  ...patch,
});
const message = (e: Export, is_deleted = false) => ({ type: 'export' as const, export: e, is_deleted });

describe('exports following the live feed', () => {
  it('replaces a changed export in place, adds a new one first and drops a deleted one', () => {
    const list = [exported('a'), exported('b')];
    expect(
      withExportChanges(list, [
        message(exported('b', { rows_written: 5_000, progress: 40 })),
        message(exported('c', { status: 'requested' })),
        message(exported('a'), true),
      ]).map((e) => [e.id, e.progress]),
    ).toEqual([
      ['c', 0],
      ['b', 40],
    ]);
  });

  it('changes the loaded list only, and loads it again after a reconnect', () => {
    const client = new QueryClient();
    const sync = createExportsSync(client, { polling: false, pollMs: 5_000 });
    sync.apply([message(exported('a'))]);
    expect(client.getQueryData(EXPORTS_KEY)).toBeUndefined();
    client.setQueryData(EXPORTS_KEY, [exported('a')]);
    sync.apply([message(exported('a', { status: 'completed', progress: 100 }))]);
    expect(client.getQueryData<Export[]>(EXPORTS_KEY)?.[0]?.status).toBe('completed');
    sync.catchUp();
    expect(client.getQueryState(EXPORTS_KEY)?.isInvalidated).toBe(true);
    sync.stop();
  });
});
