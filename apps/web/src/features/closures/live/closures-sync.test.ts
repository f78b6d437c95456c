import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClosureList } from '@flare/core/schemas/closure';
import { makeClosure } from '@flare/core/testing/closures';
import { CLOSURES_KEY } from '../api/get-closures';
import { createClosuresSync } from './closures-sync';
import { withChanges } from './with-changes';

const list = (...closures: ReturnType<typeof makeClosure>[]): ClosureList =>
  withChanges({ data: [], counts: { active: 0, standby: 0, pending: 0, offline: 0 } }, closures);

describe('closure changes applied to the list', () => {
  it('replaces, adds and drops deleted closures, newest change first, with the counts', () => {
    const kept = makeClosure({ updated_at: '2026-11-22T10:00:00.000Z' });
    const switched = makeClosure({ updated_at: '2026-11-22T10:01:00.000Z' });
    const deleted = makeClosure({ updated_at: '2026-11-22T10:02:00.000Z' });
    const added = makeClosure({ updated_at: '2026-11-22T10:04:00.000Z', status: 'pending' });
    const next = withChanges(list(kept, switched, deleted), [
      { ...switched, is_active: true, status: 'active', updated_at: '2026-11-22T10:03:00.000Z' },
      { ...deleted, is_deleted: true, updated_at: '2026-11-22T10:03:00.000Z' },
      added,
    ]);
    expect(next.data.map((closure) => [closure.id, closure.status])).toEqual([
      [added.id, 'pending'],
      [switched.id, 'active'],
      [kept.id, 'standby'],
    ]);
    expect(next.counts).toEqual({ active: 1, standby: 1, pending: 1, offline: 0 });
  });

  it('ignores a copy older than the one held; takes a status change of the same time', () => {
    const closure = makeClosure({ updated_at: '2026-11-22T10:05:00.000Z', description: 'New' });
    const held = list(closure);
    expect(
      withChanges(held, [{ ...closure, description: 'Old', updated_at: '2026-11-22T10:00:00.000Z' }]).data[0]
        ?.description,
    ).toBe('New');
    expect(withChanges(held, [{ ...closure, status: 'pending' }]).data[0]?.status).toBe('pending');
  });
});

describe('closures sync', () => {
  let sync: ReturnType<typeof createClosuresSync> | null = null;
  afterEach(() => {
    sync?.stop();
    vi.useRealTimers();
  });

  it('applies closure messages to the loaded list, and only once it is loaded', () => {
    const client = new QueryClient();
    sync = createClosuresSync(client, { polling: false, pollMs: 30_000 });
    sync.start();
    const closure = makeClosure();
    sync.apply([{ type: 'closure', closure }]);
    expect(client.getQueryData(CLOSURES_KEY)).toBeUndefined();
    client.setQueryData(CLOSURES_KEY, list());
    sync.apply([{ type: 'closure', closure }]);
    expect(client.getQueryData<ClosureList>(CLOSURES_KEY)?.data).toEqual([closure]);
  });

  it('without the feed, loads the closures again every poll interval', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    sync = createClosuresSync(client, { polling: true, pollMs: 30_000 });
    sync.start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: CLOSURES_KEY });
  });
});
