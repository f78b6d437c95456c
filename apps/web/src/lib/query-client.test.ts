import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUERY_REFRESH_MS } from '@flare/core/constants';
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
});
