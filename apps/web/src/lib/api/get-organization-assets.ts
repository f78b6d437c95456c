/** The assets a report may pick (trips, R2R): every asset the user's organisation sees, by name. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import { apiFetch, parseResponse } from '../api-client';

const AssetsPageSchema = z.object({
  data: z.array(z.object({ id: z.string(), nickname: z.string().nullable(), haas_id: z.string() })),
});

export interface OrganizationAsset {
  id: string;
  name: string;
}

export async function getOrganizationAssets(): Promise<OrganizationAsset[]> {
  const page = parseResponse(
    AssetsPageSchema,
    await apiFetch<unknown>('/organization/things?per_page=5000', { scoped: true }),
  );
  return page.data
    .map((thing) => ({ id: thing.id, name: primaryDisplayName(thing) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const organizationAssetsQueryOptions = () =>
  queryOptions({ queryKey: ['organization-assets'], queryFn: getOrganizationAssets, staleTime: 60_000 });

export function useOrganizationAssets() {
  return useQuery(organizationAssetsQueryOptions());
}
