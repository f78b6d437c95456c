/** GET /api_keys: the organisation's API keys (never their tokens) and its limit. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiKeysResponseSchema, type ApiKeysResponse } from '@flare/core/schemas/api-key';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export async function getApiKeys(): Promise<ApiKeysResponse> {
  return parseResponse(ApiKeysResponseSchema, await apiFetch<unknown>('/api_keys'));
}

export const API_KEYS_KEY = ['api_keys'] as const;

export const apiKeysQueryOptions = () => queryOptions({ queryKey: API_KEYS_KEY, queryFn: getApiKeys });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
