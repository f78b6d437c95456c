/** GET /things/{id}: one asset in the wire format. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ThingSchema, type Thing } from '@flare/core/schemas/thing';
import { apiFetch } from '../../../lib/api-client';

export async function getThing(thingId: string): Promise<Thing> {
  return ThingSchema.parse(await apiFetch<unknown>(`/things/${encodeURIComponent(thingId)}`));
}

export const thingQueryOptions = (thingId: string) =>
  queryOptions({ queryKey: ['things', thingId], queryFn: () => getThing(thingId), retry: false });

export function useThing(thingId: string) {
  return useQuery(thingQueryOptions(thingId));
}
