/** DELETE /users/{uuid}: answers the deleted user's id. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteUserResponseSchema } from '@flare/core/schemas/user';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { ORGANIZATION_USERS_KEY } from './get-organization-users';

export async function deleteUser(userId: string): Promise<string> {
  const body = await apiFetch<unknown>(`/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });
  return parseResponse(DeleteUserResponseSchema, body).uuid;
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORGANIZATION_USERS_KEY }),
  });
}
