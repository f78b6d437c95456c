/** POST /hazards: reports a hazard; every hazard report is fetched again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HazardSchema, type CreateHazardInput, type Hazard } from '@flare/core/schemas/hazard';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { HAZARDS_KEY } from './get-hazards';

export async function reportHazard(input: CreateHazardInput): Promise<Hazard> {
  return parseResponse(HazardSchema, await apiFetch<unknown>('/hazards', { method: 'POST', body: input }));
}

export function useReportHazard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportHazard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [HAZARDS_KEY] }),
  });
}
