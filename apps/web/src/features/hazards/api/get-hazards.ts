/** GET /organization/hazards: the hazard report of the organisation the dashboard shows. */
import { useQuery } from '@tanstack/react-query';
import { HazardsSchema, type Hazards } from '@flare/core/schemas/hazard';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { openHazardsReport, type HazardReport } from '../hazard-search';

/** The key every hazard query starts with: a report or resolve refreshes them all. */
export const HAZARDS_KEY = 'hazards';

export async function getHazards(report: HazardReport): Promise<Hazards> {
  const query = new URLSearchParams([
    ...report.types.map((type) => ['types[]', type]),
    ...report.severities.map((severity) => ['severities[]', severity]),
    ['status', report.status],
    ['start_time', report.start],
    ['end_time', report.end],
  ]);
  return parseResponse(
    HazardsSchema,
    await apiFetch<unknown>(`/organization/hazards?${query}`, { scoped: true }),
  );
}

/**
 * The organisation's open hazards, for the live map: the window is taken when fetched, so a report
 * (which refreshes every hazard query) brings the new hazard in at once.
 */
export function useOpenHazards(enabled: boolean) {
  return useQuery({
    queryKey: [HAZARDS_KEY, 'open'],
    queryFn: () => getHazards(openHazardsReport(Date.now())),
    enabled,
    retry: false,
  });
}

export function useHazards(report: HazardReport | null) {
  return useQuery({
    queryKey: [HAZARDS_KEY, 'report', report],
    queryFn: () => getHazards(report!),
    enabled: report !== null,
    retry: false,
  });
}
