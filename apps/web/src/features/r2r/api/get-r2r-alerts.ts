/** GET /r2r_alerts: an asset's R2R alerts in the 15 minutes from a start time. */
import { useQuery } from '@tanstack/react-query';
import { R2rAlertsSchema, type R2rAlerts } from '@flare/core/schemas/r2r-alert';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export async function getR2rAlerts(thingId: string, start: string): Promise<R2rAlerts> {
  const query = new URLSearchParams({ thing_id: thingId, start_time: start });
  return parseResponse(R2rAlertsSchema, await apiFetch<unknown>(`/r2r_alerts?${query}`));
}

export function useR2rAlerts(search: { thingId: string; start: string } | null) {
  return useQuery({
    queryKey: ['r2r-alerts', search?.thingId, search?.start],
    queryFn: () => getR2rAlerts(search!.thingId, search!.start),
    enabled: search !== null,
    retry: false,
  });
}
