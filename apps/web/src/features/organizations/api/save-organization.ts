/** PUT /organization/{id} changes an organisation; POST /organization creates one with its first Org Admin. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  OrganizationSchema,
  type CreateOrganizationBody,
  type OrganizationBody,
} from '@flare/core/schemas/organization';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { ORGANIZATIONS_KEY } from './get-organizations';

export async function updateOrganization({ id, input }: { id: string; input: OrganizationBody }) {
  const body = await apiFetch<unknown>(`/organization/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
  });
  return parseResponse(OrganizationSchema, body);
}

export async function createOrganization(input: CreateOrganizationBody) {
  return parseResponse(
    OrganizationSchema,
    await apiFetch<unknown>('/organization', { method: 'POST', body: input }),
  );
}

export function useSaveOrganization() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ORGANIZATIONS_KEY });
  return {
    update: useMutation({ mutationFn: updateOrganization, onSuccess }),
    create: useMutation({ mutationFn: createOrganization, onSuccess }),
  };
}
