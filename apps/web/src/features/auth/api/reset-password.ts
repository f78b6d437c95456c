import { useMutation } from '@tanstack/react-query';
import { ResetPasswordResponseSchema } from '@flare/core/schemas/recovery';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export interface ResetPasswordInput {
  token: string;
  password: string;
}

/** PUT /reset_password with the token of a reset link. */
export async function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  const body = await apiFetch<unknown>('/reset_password', {
    method: 'PUT',
    authenticated: false,
    body: input,
  });
  return parseResponse(ResetPasswordResponseSchema, body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
