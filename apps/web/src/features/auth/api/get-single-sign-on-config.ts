import { useQuery } from '@tanstack/react-query';
import { SingleSignOnConfigSchema, type SingleSignOnConfig } from '@flare/core/schemas/single-sign-on';
import { apiFetch, parseResponse } from '../../../lib/api-client';

/** GET /sso/config: whether the server offers single sign-on, and the provider's name (no sign-in needed). */
export async function getSingleSignOnConfig(): Promise<SingleSignOnConfig> {
  const body = await apiFetch<unknown>('/sso/config', { authenticated: false });
  return parseResponse(SingleSignOnConfigSchema, body);
}

/** Read once a visit; without an answer the sign-in screen offers the password only. */
export function useSingleSignOnConfig() {
  return useQuery({
    queryKey: ['sso-config'],
    queryFn: getSingleSignOnConfig,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
