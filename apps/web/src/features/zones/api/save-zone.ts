/** POST /organization/alerting_zones (a new zone) and PUT /organization/alerting_zones/{id}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZoneSchema, type Zone, type ZoneInput } from '@flare/core/schemas/zone';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { ZONES_KEY } from './get-zones';

export async function saveZone({ id, input }: { id: string | null; input: ZoneInput }): Promise<Zone> {
  const body = await apiFetch<unknown>(
    id ? `/organization/alerting_zones/${encodeURIComponent(id)}` : '/organization/alerting_zones',
    // A new zone belongs to the organisation on show (a platform admin may have switched to another).
    { method: id ? 'PUT' : 'POST', body: input, scoped: !id },
  );
  return parseResponse(ZoneSchema, body);
}

export function useSaveZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ZONES_KEY }),
  });
}
