/**
 * An asset's device configuration: GET the document (heartbeat, R2R timing, device model and ports),
 * PUT its device model and ports.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeviceConfigurationSchema,
  type DeviceConfiguration,
  type DeviceSettings,
} from '@flare/core/things/device-configuration';
import { apiFetch, parseResponse } from '../../../lib/api-client';

const url = (thingId: string) => `/things/${encodeURIComponent(thingId)}/configuration`;

export const deviceConfigurationQuery = (thingId: string) =>
  queryOptions({
    queryKey: ['things', thingId, 'configuration'],
    queryFn: async () => parseResponse(DeviceConfigurationSchema, await apiFetch<unknown>(url(thingId))),
    retry: false,
  });

export function useDeviceConfiguration(thingId: string) {
  return useQuery(deviceConfigurationQuery(thingId));
}

export function useSetDeviceConfiguration(thingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: DeviceSettings): Promise<DeviceConfiguration> =>
      parseResponse(
        DeviceConfigurationSchema,
        await apiFetch<unknown>(url(thingId), { method: 'PUT', body: settings }),
      ),
    onSuccess: (configuration) =>
      queryClient.setQueryData(deviceConfigurationQuery(thingId).queryKey, configuration),
  });
}
