/**
 * GET /locations: a complete load (the server's default: active ones and those of
 * the last 7 days) or an incremental one of the incidents changed since a watermark. Entries that fail
 * the schema are dropped.
 */
import { LocationSchema, type Location } from '@flare/core/schemas/location';
import { apiFetch } from '../../../lib/api-client';

export interface LoadedLocations {
  locations: Location[];
  /** The newest `updated_at` seen (the server's clock), else the watermark passed in. */
  watermark: string | null;
}

export async function loadLocations(options: { since?: string | null } = {}): Promise<LoadedLocations> {
  const query = options.since ? `?${new URLSearchParams({ last_updated_timestamp: options.since })}` : '';
  const body = await apiFetch<{ data?: unknown[] }>(`/locations${query}`, { scoped: true });
  const locations: Location[] = [];
  let watermark = options.since ?? null;
  for (const entry of body.data ?? []) {
    const parsed = LocationSchema.safeParse(entry);
    if (!parsed.success) continue;
    locations.push(parsed.data);
    if (!watermark || parsed.data.updated_at > watermark) watermark = parsed.data.updated_at;
  }
  return { locations, watermark };
}
