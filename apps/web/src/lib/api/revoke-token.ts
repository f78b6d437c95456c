import { RevokeTokenResponseSchema } from '@flare/core/schemas/auth';
import { apiFetch, parseResponse } from '../api-client';

/** POST /revoke_token: ends the session the refresh token belongs to. */
export async function revokeToken(refreshToken: string): Promise<{ revoked: boolean }> {
  const body = await apiFetch<unknown>('/revoke_token', {
    method: 'POST',
    authenticated: false,
    body: { token: refreshToken },
  });
  return parseResponse(RevokeTokenResponseSchema, body);
}
