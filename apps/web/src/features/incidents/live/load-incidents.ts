/**
 * GET /locations: a complete load (the server's default: active ones and those of
 * the last 7 days) or an incremental one of the incidents changed since a watermark. Entries that fail
 * the schema are dropped.
 */
import { IncidentSchema, type Incident } from '@flare/core/schemas/incident';
import { apiFetch } from '../../../lib/api-client';

export async function loadIncidents(options: { since?: string | null } = {}): Promise<Incident[]> {
  const query = options.since ? `?${new URLSearchParams({ last_updated_timestamp: options.since })}` : '';
  const body = await apiFetch<{ data?: unknown[] }>(`/locations${query}`, { scoped: true });
  return (body.data ?? []).flatMap((entry) => {
    const parsed = IncidentSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
