/** DELETE /organization/closure/{id}: a 404 means it was deleted already, which is as good. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, ApiError } from '../../../lib/api-client';
import { CLOSURES_KEY } from './get-closures';

export async function deleteClosure(id: string): Promise<void> {
  try {
    await apiFetch<unknown>(`/organization/closure/${encodeURIComponent(id)}`, { method: 'DELETE' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useDeleteClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClosure,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLOSURES_KEY }),
  });
}
