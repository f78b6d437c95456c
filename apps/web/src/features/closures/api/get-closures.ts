/** GET /organization/closure: the organisation's closures and the count of each status. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClosuresSchema, type Closure } from '@flare/core/schemas/closure';
import { apiFetch, parseResponse } from '../../../lib/api-client';

/** An automated closure's status follows its asset's check-ins: the list looks again this often. */
const REFRESH_MS = 30_000;

export async function getClosures() {
  return parseResponse(ClosuresSchema, await apiFetch<unknown>('/organization/closure'));
}

export const CLOSURES_KEY = ['organization', 'closure'] as const;

export const closuresQueryOptions = () =>
  queryOptions({ queryKey: CLOSURES_KEY, queryFn: getClosures, refetchInterval: REFRESH_MS });

export function useClosures() {
  return useQuery(closuresQueryOptions());
}

export function useClosure(closureId: string): { closure: Closure | undefined; loaded: boolean } {
  const closures = useClosures();
  return {
    closure: closures.data?.data.find((closure) => closure.id === closureId),
    loaded: closures.data !== undefined,
  };
}
