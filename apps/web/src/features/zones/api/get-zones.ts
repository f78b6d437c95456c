/**
 * GET /organization/alerting_zones: the organisation's zones. An entry that fails the zone schema is
 * dropped (and the rest shown) rather than failing the whole list.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZoneSchema, type Zone } from '@flare/core/schemas/zone';
import { apiFetch, parseResponse } from '../../../lib/api-client';

/** Zones turn active while a wrong-way driver is detected on them: the list looks again this often. */
const REFRESH_MS = 15_000;

export function validZones(entries: readonly unknown[]): Zone[] {
  return entries.flatMap((entry) => {
    const parsed = ZoneSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function getZones(): Promise<Zone[]> {
  const body = parseResponse(
    z.object({ data: z.array(z.unknown()) }),
    await apiFetch<unknown>('/organization/alerting_zones', { scoped: true }),
  );
  return validZones(body.data);
}

export const ZONES_KEY = ['organization', 'alerting_zones'] as const;

export const zonesQueryOptions = () =>
  queryOptions({ queryKey: ZONES_KEY, queryFn: getZones, refetchInterval: REFRESH_MS });

export function useZones({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...zonesQueryOptions(), enabled });
}

export function useZone(zoneId: string) {
  const zones = useZones();
  return { ...zones, zone: zones.data?.find((zone) => zone.id === zoneId) };
}
