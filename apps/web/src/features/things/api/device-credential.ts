/**
 * An asset's device credential: GET its state, POST a new one (answered this once, with the Traccar
 * Client QR text), PUT whether its System Id alone is still accepted (legacy devices).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeviceCredentialStateSchema,
  IssuedDeviceCredentialSchema,
  type DeviceCredentialState,
  type IssuedDeviceCredential,
} from '@flare/core/things/device-credential';
import { apiFetch, parseResponse } from '../../../lib/api-client';

const url = (thingId: string) => `/things/${encodeURIComponent(thingId)}/device_credential`;

const deviceCredentialQuery = (thingId: string) =>
  queryOptions({
    queryKey: ['things', thingId, 'device_credential'],
    queryFn: async () => parseResponse(DeviceCredentialStateSchema, await apiFetch<unknown>(url(thingId))),
    retry: false,
  });

export function useDeviceCredential(thingId: string, enabled: boolean) {
  return useQuery({ ...deviceCredentialQuery(thingId), enabled });
}

export function useIssueDeviceCredential(thingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<IssuedDeviceCredential> =>
      parseResponse(IssuedDeviceCredentialSchema, await apiFetch<unknown>(url(thingId), { method: 'POST' })),
    onSuccess: ({ issued_at, legacy_device_id }) =>
      queryClient.setQueryData(deviceCredentialQuery(thingId).queryKey, { issued_at, legacy_device_id }),
  });
}

export function useSetLegacyDeviceId(thingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (legacy: boolean): Promise<DeviceCredentialState> =>
      parseResponse(
        DeviceCredentialStateSchema,
        await apiFetch<unknown>(url(thingId), { method: 'PUT', body: { legacy_device_id: legacy } }),
      ),
    onSuccess: (state) => queryClient.setQueryData(deviceCredentialQuery(thingId).queryKey, state),
  });
}
