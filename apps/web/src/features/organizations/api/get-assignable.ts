/** GET /organization/assignable: the organisation types the signed-in user may choose. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AssignableResponseSchema, type Assignable } from '@flare/core/schemas/organization';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { PERSISTED } from '../../../lib/persisted-queries';

export async function getAssignable(): Promise<Assignable> {
  return parseResponse(AssignableResponseSchema, await apiFetch<unknown>('/organization/assignable'));
}

export function useAssignable() {
  return useQuery(
    queryOptions({ queryKey: ['organization', 'assignable'], queryFn: getAssignable, ...PERSISTED }),
  );
}
