import { queryOptions, useQuery } from '@tanstack/react-query';
import { MapConfigSchema, type MapConfig } from '@flare/core/schemas/map';
import { apiFetch, parseResponse } from '../../lib/api-client';

/** GET /map/config: the basemap style, the satellite tiles and the three-word address provider. */
export async function getMapConfig(): Promise<MapConfig> {
  return parseResponse(MapConfigSchema, await apiFetch<unknown>('/map/config'));
}

export const mapConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['map', 'config'],
    queryFn: getMapConfig,
    // Server settings: they change only with a restart, and a new version reloads the page.
    staleTime: Infinity,
  });

export function useMapConfig() {
  return useQuery(mapConfigQueryOptions());
}
