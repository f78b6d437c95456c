import { useMutation } from '@tanstack/react-query';
import { RecoveryResponseSchema } from '@flare/core/schemas/recovery';
import { apiFetch, parseResponse } from '../../../lib/api-client';

/** POST /forgot_password: mails a reset link; the answer's message is shown as it is. */
export async function requestPasswordReset(email: string): Promise<{ message: string }> {
  const body = await apiFetch<unknown>('/forgot_password', {
    method: 'POST',
    authenticated: false,
    body: { email },
  });
  return parseResponse(RecoveryResponseSchema, body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
