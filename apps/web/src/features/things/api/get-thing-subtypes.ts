/** GET /thing_subtypes: the asset subtypes of every type (reference data). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ThingSubtypeSchema, type ThingSubtype } from '@flare/core/schemas/reference';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { PERSISTED } from '../../../lib/persisted-queries';

export async function getThingSubtypes(): Promise<ThingSubtype[]> {
  return parseResponse(z.array(ThingSubtypeSchema), await apiFetch<unknown>('/thing_subtypes'));
}

export const thingSubtypesQueryOptions = () =>
  queryOptions({
    queryKey: ['thing_subtypes'],
    queryFn: getThingSubtypes,
    staleTime: Infinity,
    ...PERSISTED,
  });

export function useThingSubtypes() {
  return useQuery(thingSubtypesQueryOptions());
}
