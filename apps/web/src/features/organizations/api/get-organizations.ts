/** GET /organizations: the organisations the signed-in user may see, by name. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { OrganizationsResponseSchema, type Organization } from '@flare/core/schemas/organization';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { PERSISTED } from '../../../lib/persisted-queries';

export async function getOrganizations(): Promise<Organization[]> {
  return parseResponse(OrganizationsResponseSchema, await apiFetch<unknown>('/organizations')).data;
}

export const ORGANIZATIONS_KEY = ['organizations'] as const;

export function useOrganizations() {
  return useQuery(queryOptions({ queryKey: ORGANIZATIONS_KEY, queryFn: getOrganizations, ...PERSISTED }));
}
