/** GET /organization/exclusion_zone: the areas of the signed-in user's organisation. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AreasSchema, type Area } from '@flare/core/schemas/area';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export async function getAreas(): Promise<Area[]> {
  return parseResponse(AreasSchema, await apiFetch<unknown>('/organization/exclusion_zone', { scoped: true }))
    .data;
}

export const AREAS_KEY = ['organization', 'exclusion_zone'] as const;

export const areasQueryOptions = () => queryOptions({ queryKey: AREAS_KEY, queryFn: getAreas });

export function useAreas() {
  return useQuery(areasQueryOptions());
}

export function useArea(areaId: string) {
  const areas = useAreas();
  return { ...areas, area: areas.data?.find((area) => area.id === areaId) };
}
