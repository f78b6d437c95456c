/** The organisation's assets an automated closure may follow (GET /organization/things, first page). */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import { apiFetch, parseResponse } from '../../../lib/api-client';

const AssetsSchema = z.object({
  data: z.array(z.object({ id: z.string(), nickname: z.string().nullable(), haas_id: z.string() })),
});

export function useClosureAssets() {
  return useQuery({
    queryKey: ['closures', 'assets'],
    queryFn: async () =>
      parseResponse(
        AssetsSchema,
        await apiFetch<unknown>('/organization/things?per_page=500', { scoped: true }),
      ).data.map((thing) => ({ value: thing.id, label: primaryDisplayName(thing) })),
  });
}
