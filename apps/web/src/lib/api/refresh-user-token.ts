import { TokenResponseSchema, type TokenResponse } from '@flare/core/schemas/auth';
import { apiFetch, parseResponse } from '../api-client';

/** POST /user_token with the refresh grant. Refresh tokens rotate: keep the one returned. */
export async function refreshUserToken(refreshToken: string): Promise<TokenResponse> {
  const body = await apiFetch<unknown>('/user_token', {
    method: 'POST',
    authenticated: false,
    body: { grant_type: 'refresh_token', refresh_token: refreshToken },
  });
  return parseResponse(TokenResponseSchema, body);
}
