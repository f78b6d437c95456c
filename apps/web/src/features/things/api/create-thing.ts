/** POST /things: a platform administrator registers a device as a new asset; answers the asset. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ThingSchema, type CreateThingInput, type Thing } from '@flare/core/schemas/thing';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { thingSaved } from './get-thing';

export async function createThing(input: CreateThingInput): Promise<Thing> {
  return parseResponse(ThingSchema, await apiFetch<unknown>('/things', { method: 'POST', body: input }));
}

export function useCreateThing() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createThing, onSuccess: (thing) => thingSaved(queryClient, thing) });
}
