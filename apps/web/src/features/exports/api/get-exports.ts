/**
 * GET /organization/export: the organisation's exports, newest first (entries failing the schema are
 * dropped). The live feed's `export` messages move them on in place (live/exports-sync.ts); while one
 * is unfinished the list is also asked again now and then, for users without the feed.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ExportListSchema, ExportSchema, type Export } from '@flare/core/schemas/export';
import { timings } from '../../../config/timings';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export async function getExports(): Promise<Export[]> {
  const entries = parseResponse(
    ExportListSchema,
    await apiFetch<unknown>('/organization/export', { scoped: true }),
  );
  return entries.flatMap((entry) => {
    const parsed = ExportSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export const EXPORTS_KEY = ['organization', 'export'] as const;

const unfinished = (exports: Export[] | undefined) =>
  exports?.some((e) => e.status === 'requested' || e.status === 'in_progress') ?? false;

export const exportsQueryOptions = () =>
  queryOptions({
    queryKey: EXPORTS_KEY,
    queryFn: getExports,
    refetchInterval: (query) => (unfinished(query.state.data) ? timings().exportsPollMs : false),
  });

export function useExports() {
  return useQuery(exportsQueryOptions());
}
