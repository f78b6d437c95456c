/** DELETE /organization/exclusion_zone/{id}: a 404 means it was deleted already, which is as good. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, ApiError } from '../../../lib/api-client';
import { AREAS_KEY } from './get-areas';

export async function deleteArea(id: string): Promise<void> {
  try {
    await apiFetch<unknown>(`/organization/exclusion_zone/${encodeURIComponent(id)}`, { method: 'DELETE' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useDeleteArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArea,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AREAS_KEY }),
  });
}
