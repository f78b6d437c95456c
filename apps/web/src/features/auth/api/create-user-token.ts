import { useMutation } from '@tanstack/react-query';
import { DASHBOARD_APPLICATION } from '@flare/core/constants';
import { TokenResponseSchema, type TokenResponse } from '@flare/core/schemas/auth';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export interface PasswordCredentials {
  email: string;
  password: string;
  /** From an unlock link: unlocks a locked account with this sign-in. */
  unlockToken?: string | undefined;
}

/** POST /user_token with the password grant (sign-in). */
export async function createUserToken({
  email,
  password,
  unlockToken,
}: PasswordCredentials): Promise<TokenResponse> {
  const body = await apiFetch<unknown>('/user_token', {
    method: 'POST',
    authenticated: false,
    body: {
      grant_type: 'password',
      application: DASHBOARD_APPLICATION,
      username: email,
      password,
      ...(unlockToken ? { unlock_token: unlockToken } : {}),
    },
  });
  return parseResponse(TokenResponseSchema, body);
}

export function useCreateUserToken() {
  return useMutation({ mutationFn: createUserToken });
}
