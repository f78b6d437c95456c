/**
 * GET /things/coverage: each asset's reporting over the last 24 hours, kept for a minute and asked
 * again each minute while shown (the detail stays open while the asset reports).
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { COVERAGE_CACHE_SECONDS, ThingCoverageSchema } from '@flare/core/schemas/thing';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export async function getCoverage(thingIds: readonly string[]) {
  const query = new URLSearchParams(thingIds.map((id) => ['thing_ids[]', id]));
  return parseResponse(z.array(ThingCoverageSchema), await apiFetch<unknown>(`/things/coverage?${query}`));
}

export function useThingCoverage(thingId: string) {
  return useQuery({
    queryKey: ['things', thingId, 'coverage'],
    queryFn: async () => (await getCoverage([thingId]))[0] ?? null,
    staleTime: COVERAGE_CACHE_SECONDS * 1000,
    refetchInterval: COVERAGE_CACHE_SECONDS * 1000,
    retry: false,
  });
}
