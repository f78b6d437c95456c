/** GET /ez_types: the area types (reference data). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { EzTypeSchema, type EzType } from '@flare/core/schemas/area';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { PERSISTED } from '../../../lib/persisted-queries';

export async function getEzTypes(): Promise<EzType[]> {
  return parseResponse(z.array(EzTypeSchema), await apiFetch<unknown>('/ez_types'));
}

export const ezTypesQueryOptions = () =>
  queryOptions({ queryKey: ['ez_types'], queryFn: getEzTypes, staleTime: Infinity, ...PERSISTED });

export function useEzTypes() {
  return useQuery(ezTypesQueryOptions());
}
