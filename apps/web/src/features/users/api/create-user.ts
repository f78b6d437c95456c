/** POST /users/: creates a user of the organisation, who is e-mailed an invitation. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganizationUserWireSchema, type CreateUserInput } from '@flare/core/schemas/user';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { ORGANIZATION_USERS_KEY } from './get-organization-users';

export async function createUser(input: CreateUserInput) {
  return parseResponse(
    OrganizationUserWireSchema,
    await apiFetch<unknown>('/users/', { method: 'POST', body: input }),
  );
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORGANIZATION_USERS_KEY }),
  });
}
