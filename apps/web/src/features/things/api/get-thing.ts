/** GET /things/{id}: one asset in the wire format. */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ThingSchema, type Thing } from '@flare/core/schemas/thing';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { liveThings } from '../live/live-things-store';

export async function getThing(thingId: string): Promise<Thing> {
  return parseResponse(ThingSchema, await apiFetch<unknown>(`/things/${encodeURIComponent(thingId)}`));
}

export const thingQueryOptions = (thingId: string) =>
  queryOptions({ queryKey: ['things', thingId], queryFn: () => getThing(thingId), retry: false });

export function useThing(thingId: string) {
  return useQuery(thingQueryOptions(thingId));
}

/**
 * After a change the server answered with the asset: keep its answer, refetch the asset's queries,
 * and show it at once in the live store when the store holds it (the live feed confirms it later).
 */
export function thingSaved(queryClient: QueryClient, thing: Thing): void {
  queryClient.setQueryData(thingQueryOptions(thing.id).queryKey, thing);
  if (liveThings.getSnapshot().items.has(thing.id)) liveThings.upsert([thing]);
  // Not awaited: the form goes on (navigates back) while the refetch runs.
  void queryClient.invalidateQueries({ queryKey: ['things', thing.id] });
}
