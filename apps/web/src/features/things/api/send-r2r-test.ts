/** PUT /things/{id}/r2r: sends an R2R test alert and toggles the asset's test mode. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { R2rResultSchema } from '@flare/core/things/device-commands';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export async function sendR2rTest(thingId: string) {
  return parseResponse(
    R2rResultSchema,
    await apiFetch<unknown>(`/things/${encodeURIComponent(thingId)}/r2r`, { method: 'PUT' }),
  );
}

export function useSendR2rTest(thingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendR2rTest(thingId),
    // The asset's test mode changed: the live feed brings it, the REST copy is refetched.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['things', thingId] }),
  });
}
