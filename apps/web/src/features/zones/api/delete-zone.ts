/** DELETE /organization/alerting_zones/{id}: a 404 means it was deleted already, which is as good. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, ApiError } from '../../../lib/api-client';
import { ZONES_KEY } from './get-zones';

export async function deleteZone(id: string): Promise<void> {
  try {
    await apiFetch<unknown>(`/organization/alerting_zones/${encodeURIComponent(id)}`, { method: 'DELETE' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useDeleteZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ZONES_KEY }),
  });
}
