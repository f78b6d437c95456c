/**
 * The hazard report in the URL (types, severities, status, start, end), so a report can be shared,
 * survives opening a hazard and coming back, and the map's hazards layer reads it too.
 */
import { defaultHazardWindow, openHazardsWindow } from '@flare/core/hazards/hazard-rules';
import {
  ALL_HAZARD_TYPES,
  HAZARD_SEVERITY_IDS,
  HAZARD_STATUS_FILTERS,
  HAZARD_TYPE_IDS,
  type HazardSeverity,
  type HazardStatusFilter,
} from '@flare/core/schemas/hazard';

export const HAZARDS_PATH = '/dashboard/hazards';

export interface HazardReport {
  /** Hazard types, or 'all'. */
  types: string[];
  severities: HazardSeverity[];
  status: HazardStatusFilter;
  /** ISO times. */
  start: string;
  end: string;
}

const listIn = <T extends string>(value: string | null, known: readonly T[]): T[] =>
  (value ?? '').split(',').filter((item): item is T => known.includes(item as T));

export function reportFromSearch(search: URLSearchParams): HazardReport | null {
  const types = listIn(search.get('types'), [...HAZARD_TYPE_IDS, ALL_HAZARD_TYPES]);
  const severities = listIn(search.get('severities'), HAZARD_SEVERITY_IDS);
  const [status] = listIn(search.get('status'), HAZARD_STATUS_FILTERS);
  const start = search.get('start');
  const end = search.get('end');
  if (types.length === 0 || severities.length === 0 || !start || !end) return null;
  return { types, severities, status: status ?? 'all', start, end };
}

export function searchOfReport(report: HazardReport): string {
  return `?${new URLSearchParams({
    types: report.types.join(','),
    severities: report.severities.join(','),
    status: report.status,
    start: report.start,
    end: report.end,
  })}`;
}

/** Every type and severity of the given status, reported in the window. */
const everyHazard = (window: { start: number; end: number }, status: HazardStatusFilter): HazardReport => ({
  types: [ALL_HAZARD_TYPES],
  severities: [...HAZARD_SEVERITY_IDS],
  status,
  start: new Date(window.start).toISOString(),
  end: new Date(window.end).toISOString(),
});

/** What the live map shows outside the section: the open hazards. */
export const openHazardsReport = (now: number) => everyHazard(openHazardsWindow(now), 'open');

/** What the section shows first: every hazard of the last 24 hours. */
export const defaultReport = (now: number) => everyHazard(defaultHazardWindow(now), 'all');
