/** POST /organization/exclusion_zone (a new area) and PUT /organization/exclusion_zone/{id}. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AreaSchema, type Area, type AreaInput } from '@flare/core/schemas/area';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { AREAS_KEY } from './get-areas';

export async function saveArea({ id, input }: { id: string | null; input: AreaInput }): Promise<Area> {
  const body = await apiFetch<unknown>(
    id ? `/organization/exclusion_zone/${encodeURIComponent(id)}` : '/organization/exclusion_zone',
    // A new area belongs to the organisation on show (a platform admin may have switched to another).
    { method: id ? 'PUT' : 'POST', body: input, scoped: !id },
  );
  return parseResponse(AreaSchema, body);
}

export function useSaveArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveArea,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AREAS_KEY }),
  });
}
