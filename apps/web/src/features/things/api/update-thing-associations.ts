/** PUT /things/{id}/associations: organisations set as manager or accessor, or removed; answers the asset. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ThingSchema, type Thing, type UpdateAssociationsInput } from '@flare/core/schemas/thing';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { thingSaved } from './get-thing';

export async function updateThingAssociations({
  thingId,
  input,
}: {
  thingId: string;
  input: UpdateAssociationsInput;
}): Promise<Thing> {
  const body = await apiFetch<unknown>(`/things/${encodeURIComponent(thingId)}/associations`, {
    method: 'PUT',
    body: input,
  });
  return parseResponse(ThingSchema, body);
}

export function useUpdateThingAssociations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateThingAssociations,
    onSuccess: (thing) => thingSaved(queryClient, thing),
  });
}
