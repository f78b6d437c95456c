/**
 * GET /organization/things, every page one after another: a complete load, or an
 * incremental one of the assets changed since a watermark. Entries that fail the schema are dropped.
 */
import { THINGS_PAGE_SIZE } from '@flare/core/constants';
import { ThingSchema, type Thing } from '@flare/core/schemas/thing';
import { apiFetch } from '../../../lib/api-client';

interface RawPage {
  data?: unknown[];
  meta?: { total?: number };
}

export async function loadThings(
  options: { since?: string | null; signal?: AbortSignal } = {},
): Promise<Thing[]> {
  const things: Thing[] = [];
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({ page: String(page), per_page: String(THINGS_PAGE_SIZE) });
    if (options.since) query.set('last_updated_timestamp', options.since);
    const body = await apiFetch<RawPage>(`/organization/things?${query}`, {
      signal: options.signal,
      scoped: true,
    });
    const entries = body.data ?? [];
    for (const entry of entries) {
      const parsed = ThingSchema.safeParse(entry);
      if (parsed.success) things.push(parsed.data);
    }
    if (entries.length < THINGS_PAGE_SIZE || page * THINGS_PAGE_SIZE >= (body.meta?.total ?? 0)) break;
  }
  return things;
}
