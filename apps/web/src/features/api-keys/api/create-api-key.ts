/** POST /api_keys: answers the new key with its token, the only time the token is shown. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedApiKeySchema, type CreateApiKeyInput, type CreatedApiKey } from '@flare/core/schemas/api-key';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { API_KEYS_KEY } from './get-api-keys';

export async function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  return parseResponse(
    CreatedApiKeySchema,
    await apiFetch<unknown>('/api_keys', { method: 'POST', body: input }),
  );
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
