/** The assets a trip report may pick: every asset the user's organisation sees, by name. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import { apiFetch, parseResponse } from '../../../lib/api-client';

const AssetsPageSchema = z.object({
  data: z.array(z.object({ id: z.string(), nickname: z.string().nullable(), haas_id: z.string() })),
});

export interface TripAsset {
  id: string;
  name: string;
}

export async function getTripAssets(): Promise<TripAsset[]> {
  const page = parseResponse(
    AssetsPageSchema,
    await apiFetch<unknown>('/organization/things?per_page=5000', { scoped: true }),
  );
  return page.data
    .map((thing) => ({ id: thing.id, name: primaryDisplayName(thing) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const tripAssetsQueryOptions = () =>
  queryOptions({ queryKey: ['trips', 'assets'], queryFn: getTripAssets, staleTime: 60_000 });

export function useTripAssets() {
  return useQuery(tripAssetsQueryOptions());
}
