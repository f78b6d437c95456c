/** DELETE /api_keys/{id}: the key stops working at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { API_KEYS_KEY } from './get-api-keys';

export async function revokeApiKey(keyId: string): Promise<void> {
  await apiFetch<unknown>(`/api_keys/${encodeURIComponent(keyId)}`, { method: 'DELETE' });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
