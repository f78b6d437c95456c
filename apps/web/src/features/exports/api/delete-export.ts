/** DELETE /organization/export/{id}: only its creator may; a failure leaves the list as it was. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { EXPORTS_KEY } from './get-exports';

export async function deleteExport(id: string): Promise<void> {
  await apiFetch<unknown>(`/organization/export/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
}
