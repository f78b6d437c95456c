/** GET /organization/users: the organisation's users, then those of managing and accessing organisations. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  OrganizationUsersResponseSchema,
  toOrganizationUser,
  type OrganizationUser,
} from '@flare/core/schemas/user';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export interface OrganizationUsers {
  users: OrganizationUser[];
  /** Users of managing and accessing organisations, with their association; read-only here. */
  associated: OrganizationUser[];
}

export async function getOrganizationUsers(): Promise<OrganizationUsers> {
  const wire = parseResponse(OrganizationUsersResponseSchema, await apiFetch<unknown>('/organization/users'));
  return {
    users: wire.organization_users.map((u) => toOrganizationUser(u)),
    associated: [
      ...wire.organization_managers.map((u) => toOrganizationUser(u, 'Manager')),
      ...wire.organization_accessors.map((u) => toOrganizationUser(u, 'Accessor')),
    ],
  };
}

export const ORGANIZATION_USERS_KEY = ['organization', 'users'] as const;

export const organizationUsersQueryOptions = () =>
  queryOptions({ queryKey: ORGANIZATION_USERS_KEY, queryFn: getOrganizationUsers });

export function useOrganizationUsers() {
  return useQuery(organizationUsersQueryOptions());
}
