import { queryOptions, useQuery } from '@tanstack/react-query';
import { ThreeWordAddressSchema, type ThreeWordAddress } from '@flare/core/schemas/map';
import { apiFetch, parseResponse } from '../../lib/api-client';
import type { LngLat } from '../map-commands';

/** The coordinates as sent and shown: six decimals (about 10 cm). */
export const formatCoordinate = (value: number) => value.toFixed(6);

/** GET /map/three-word-address: what3words when the server has a key, else the plus code. */
export async function getThreeWordAddress([lng, lat]: LngLat): Promise<ThreeWordAddress> {
  const query = new URLSearchParams({ lat: formatCoordinate(lat), lng: formatCoordinate(lng) });
  return parseResponse(ThreeWordAddressSchema, await apiFetch<unknown>(`/map/three-word-address?${query}`));
}

export const threeWordAddressQueryOptions = (position: LngLat) =>
  queryOptions({
    queryKey: ['map', 'three-word-address', ...position.map(formatCoordinate)],
    queryFn: () => getThreeWordAddress(position),
    staleTime: Infinity,
    retry: false,
  });

export function useThreeWordAddress(position: LngLat | null) {
  return useQuery({
    ...threeWordAddressQueryOptions(position ?? [0, 0]),
    enabled: position !== null,
  });
}
