/**
 * GET /organization/closure: the organisation's closures and the count of each status. The live feed's
 * `closure` messages change them in place (live/closures-sync.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClosuresSchema, type Closure } from '@flare/core/schemas/closure';
import { apiFetch, parseResponse } from '../../../lib/api-client';

/**
 * A safety net behind the live feed: an automated closure's status also ages without any message
 * (standby to pending after 8 hours without a check-in, offline after 4 days).
 */
const REFRESH_MS = 5 * 60_000;

export async function getClosures() {
  return parseResponse(ClosuresSchema, await apiFetch<unknown>('/organization/closure', { scoped: true }));
}

export const CLOSURES_KEY = ['organization', 'closure'] as const;

export const closuresQueryOptions = () =>
  queryOptions({ queryKey: CLOSURES_KEY, queryFn: getClosures, refetchInterval: REFRESH_MS });

/** `enabled: false` (a screen that shows none) asks nothing but still reads what is loaded. */
export function useClosures({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...closuresQueryOptions(), enabled });
}

export function useClosure(closureId: string): { closure: Closure | undefined; loaded: boolean } {
  const closures = useClosures();
  return {
    closure: closures.data?.data.find((closure) => closure.id === closureId),
    loaded: closures.data !== undefined,
  };
}
