/** PUT /things/{id}: the asset profile's changed fields; answers the asset. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ThingSchema, type Thing, type UpdateThingInput } from '@flare/core/schemas/thing';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { thingSaved } from './get-thing';

export async function updateThing({
  thingId,
  input,
}: {
  thingId: string;
  input: UpdateThingInput;
}): Promise<Thing> {
  const body = await apiFetch<unknown>(`/things/${encodeURIComponent(thingId)}`, {
    method: 'PUT',
    body: input,
  });
  return parseResponse(ThingSchema, body);
}

export function useUpdateThing() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateThing, onSuccess: (thing) => thingSaved(queryClient, thing) });
}
