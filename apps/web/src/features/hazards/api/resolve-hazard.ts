/** PUT /hazards/{id}/resolve: marks a hazard resolved; shown at once, and the reports fetched again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HazardSchema, type Hazard } from '@flare/core/schemas/hazard';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { hazardKey } from './get-hazard';
import { HAZARDS_KEY } from './get-hazards';

export async function resolveHazard(id: string): Promise<Hazard> {
  return parseResponse(
    HazardSchema,
    await apiFetch<unknown>(`/hazards/${encodeURIComponent(id)}/resolve`, { method: 'PUT' }),
  );
}

export function useResolveHazard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveHazard,
    onSuccess: async (hazard) => {
      queryClient.setQueryData(hazardKey(hazard.id), hazard);
      await queryClient.invalidateQueries({ queryKey: [HAZARDS_KEY, 'report'] });
    },
  });
}
