/**
 * GET /organization/closure/{id}/history: the closure's changes, newest first. Keyed by the closure's
 * last change and status as the dashboard holds them, so the history loads again whenever the closure
 * does (a save, a live message, a poll).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Closure } from '@flare/core/schemas/closure';
import { ClosureHistorySchema } from '@flare/core/schemas/closure-history';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export async function getClosureHistory(closureId: string) {
  const body = await apiFetch<unknown>(`/organization/closure/${encodeURIComponent(closureId)}/history`);
  return parseResponse(ClosureHistorySchema, body).data;
}

export const closureHistoryQueryOptions = (closure: Pick<Closure, 'id' | 'updated_at' | 'status'>) =>
  queryOptions({
    queryKey: ['closure-history', closure.id, closure.updated_at, closure.status],
    queryFn: () => getClosureHistory(closure.id),
    // While a change loads, the closure's history as it was (never another closure's).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === closure.id ? previous : undefined,
  });

export function useClosureHistory(closure: Pick<Closure, 'id' | 'updated_at' | 'status'>) {
  return useQuery(closureHistoryQueryOptions(closure));
}
