/** DELETE /organization/{id} (platform administrators): refused while the organisation has users or assets. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { ORGANIZATIONS_KEY } from './get-organizations';

export async function deleteOrganization(id: string): Promise<void> {
  await apiFetch<unknown>(`/organization/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_KEY }),
  });
}
