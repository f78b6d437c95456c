import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHED_API_DATA_S, QUERY_REFRESH_MS } from '@flare/core/constants';
import { createQueryClient } from './query-client';

afterEach(() => vi.useRealTimers());

describe('the query client', () => {
  it('loads data on show again every 30 minutes, by itself', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    let loads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['areas'],
      queryFn: () => Promise.resolve(++loads),
    });
    const stop = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(QUERY_REFRESH_MS - 1_000);
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(loads).toBe(2);
    await vi.advanceTimersByTimeAsync(QUERY_REFRESH_MS);
    expect(loads).toBe(3);
    stop();
    client.clear();
  });

  it('keeps data no screen shows for 3600 s, then lets it go', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const observer = new QueryObserver(client, {
      queryKey: ['areas'],
      queryFn: () => Promise.resolve('Yard'),
    });
    const stop = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(CACHED_API_DATA_S * 1000 - 1);
    expect(client.getQueryData(['areas'])).toBe('Yard');
    await vi.advanceTimersByTimeAsync(1);
    expect(client.getQueryData(['areas'])).toBeUndefined();
    client.clear();
  });
});
