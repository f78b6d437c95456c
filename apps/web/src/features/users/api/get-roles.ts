/** GET /roles: every role by order, with the label users see. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { RoleSchema, type Role } from '@flare/core/schemas/reference';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { PERSISTED } from '../../../lib/persisted-queries';

export async function getRoles(): Promise<Role[]> {
  return parseResponse(z.array(RoleSchema), await apiFetch<unknown>('/roles'));
}

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: ['roles'], queryFn: getRoles, staleTime: Infinity, ...PERSISTED });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
