import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRIP_REPORT } from '@flare/core/schemas/trip';
import { createQueryClient } from '../../../lib/query-client';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../../testing/fake-api';
import { useTrips, type TripWindow } from './get-trip';

const WINDOW: TripWindow = { start: '2026-11-28T08:00:00.000Z', end: '2026-11-28T12:00:00.000Z' };
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

afterEach(() => {
  signOut();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('trip reports in the browser cache', () => {
  it("keep one asset's trips 5 minutes, and fetch a report of several again after a minute", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = fakeApi({
      'GET /profile': () => ({ status: 200, body: fakeProfile(['trip:read']) }),
      ...Object.fromEntries(
        [A, B].map((id) => [
          `GET /things/${id}/trips?${new URLSearchParams({ start_time: WINDOW.start, end_time: WINDOW.end, run_date: WINDOW.start })}`,
          () => ({
            status: 200,
            body: { thing_id: id, start_time: WINDOW.start, end_time: WINDOW.end, runs: [] },
          }),
        ]),
      ),
    });
    await startSession(fakeTokens());
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const tripCalls = () => calls.filter((call) => call.path.includes('/trips')).length;
    const open = async (ids: string[]) => {
      const view = renderHook(() => useTrips(ids, WINDOW), { wrapper });
      await waitFor(() => expect(view.result.current.every((r) => r.trip)).toBe(true));
      view.unmount();
    };

    await open([A]);
    await open([A, B]);
    expect(tripCalls()).toBe(2);

    vi.setSystemTime(Date.now() + (TRIP_REPORT.combinedCacheSeconds + 1) * 1000);
    await open([A]);
    expect(tripCalls()).toBe(2);
    await open([A, B]);
    await waitFor(() => expect(tripCalls()).toBe(4));

    vi.setSystemTime(Date.now() + TRIP_REPORT.cacheSeconds * 1000);
    await open([A]);
    await waitFor(() => expect(tripCalls()).toBe(5));
  });
});
