/** GET and PUT /things/{id}/light_intensity: the LED intensity the device reports, and changing it. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LightIntensitySchema, type LightIntensity } from '@flare/core/things/device-commands';
import { apiFetch, parseResponse } from '../../../lib/api-client';

const path = (thingId: string) => `/things/${encodeURIComponent(thingId)}/light_intensity`;

export async function getLightIntensity(thingId: string): Promise<LightIntensity> {
  return parseResponse(LightIntensitySchema, await apiFetch<unknown>(path(thingId))).light_intensity;
}

export const lightIntensityQueryOptions = (thingId: string) =>
  queryOptions({
    queryKey: ['things', thingId, 'light_intensity'],
    queryFn: () => getLightIntensity(thingId),
    retry: false,
  });

export function useLightIntensity(thingId: string, enabled: boolean) {
  return useQuery({ ...lightIntensityQueryOptions(thingId), enabled });
}

/** Applied at once, rolled back when the device refuses or does not answer. */
export function useSetLightIntensity(thingId: string) {
  const queryClient = useQueryClient();
  const key = lightIntensityQueryOptions(thingId).queryKey;
  return useMutation({
    mutationFn: async (intensity: LightIntensity) =>
      parseResponse(
        LightIntensitySchema,
        await apiFetch<unknown>(path(thingId), { method: 'PUT', body: { light_intensity: intensity } }),
      ).light_intensity,
    onMutate: async (intensity) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, intensity);
      return { previous };
    },
    onError: (_error, _intensity, context) => queryClient.setQueryData(key, context?.previous),
    onSuccess: (intensity) => queryClient.setQueryData(key, intensity),
  });
}
