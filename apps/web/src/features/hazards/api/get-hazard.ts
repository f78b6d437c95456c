/** GET /hazards/{id}: one hazard. */
import { useQuery } from '@tanstack/react-query';
import { HazardSchema, type Hazard } from '@flare/core/schemas/hazard';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { HAZARDS_KEY } from './get-hazards';

export const hazardKey = (id: string) => [HAZARDS_KEY, 'one', id];

export async function getHazard(id: string): Promise<Hazard> {
  return parseResponse(HazardSchema, await apiFetch<unknown>(`/hazards/${encodeURIComponent(id)}`));
}

export function useHazard(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: hazardKey(id), queryFn: () => getHazard(id), retry: false, enabled });
}
