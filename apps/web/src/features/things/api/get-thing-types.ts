/** GET /thing_types: the asset types (reference data). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ThingTypeSchema, type ThingType } from '@flare/core/schemas/reference';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { PERSISTED } from '../../../lib/persisted-queries';

export async function getThingTypes(): Promise<ThingType[]> {
  return parseResponse(z.array(ThingTypeSchema), await apiFetch<unknown>('/thing_types'));
}

export const thingTypesQueryOptions = () =>
  queryOptions({ queryKey: ['thing_types'], queryFn: getThingTypes, staleTime: Infinity, ...PERSISTED });

export function useThingTypes() {
  return useQuery(thingTypesQueryOptions());
}
