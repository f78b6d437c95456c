/**
 * GET /things/{id}/trips: an asset's runs in a window, kept for 5 minutes per asset and window; a
 * report of several assets, compared side by side, is fetched again once older than a minute.
 */
import { queryOptions, useQueries, type UseQueryResult } from '@tanstack/react-query';
import { TRIP_REPORT, TripSchema, type Trip } from '@flare/core/schemas/trip';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export interface TripWindow {
  start: string;
  end: string;
}

export async function getTrip(thingId: string, window: TripWindow): Promise<Trip> {
  const query = new URLSearchParams({
    start_time: window.start,
    end_time: window.end,
    run_date: window.start,
  });
  return parseResponse(
    TripSchema,
    await apiFetch<unknown>(`/things/${encodeURIComponent(thingId)}/trips?${query}`),
  );
}

export const tripQueryOptions = (thingId: string, window: TripWindow, combined = false) =>
  queryOptions({
    queryKey: ['trips', thingId, window.start, window.end],
    queryFn: () => getTrip(thingId, window),
    staleTime: (combined ? TRIP_REPORT.combinedCacheSeconds : TRIP_REPORT.cacheSeconds) * 1000,
    retry: false,
  });

export interface TripResult {
  trip: Trip | undefined;
  error: Error | null;
  loading: boolean;
}

/** Stable while no query changes: the combined list is computed again only then. */
const combine = (results: UseQueryResult<Trip>[]): TripResult[] =>
  results.map((r) => ({ trip: r.data, error: r.error, loading: r.isPending }));

/** The trips of each asset of a report, in its order. */
export function useTrips(thingIds: readonly string[], window: TripWindow | null): TripResult[] {
  return useQueries({
    queries: window ? thingIds.map((id) => tripQueryOptions(id, window, thingIds.length > 1)) : [],
    combine,
  });
}
