/** PUT /users/{id}: names, e-mail and role; also suspends and re-activates. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganizationUserWireSchema, type UpdateUserInput } from '@flare/core/schemas/user';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { ORGANIZATION_USERS_KEY } from './get-organization-users';

export async function updateUser({ userId, input }: { userId: string; input: UpdateUserInput }) {
  const body = await apiFetch<unknown>(`/users/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body: input,
  });
  return parseResponse(OrganizationUserWireSchema, body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORGANIZATION_USERS_KEY }),
  });
}
