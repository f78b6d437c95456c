/** The trip report in the URL (assets, start, end), so a report can be shared and the map layer reads it. */
import { TRIP_REPORT } from '@flare/core/schemas/trip';

export const TRIPS_PATH = '/dashboard/trips';

export interface TripReport {
  thingIds: string[];
  start: string;
  end: string;
}

export function reportFromSearch(search: URLSearchParams): TripReport | null {
  const thingIds = (search.get('things') ?? '').split(',').filter(Boolean).slice(0, TRIP_REPORT.maxAssets);
  const start = search.get('start');
  const end = search.get('end');
  if (thingIds.length === 0 || !start || !end) return null;
  return { thingIds, start, end };
}

export function searchOfReport(report: TripReport): string {
  return `?${new URLSearchParams({ things: report.thingIds.join(','), start: report.start, end: report.end })}`;
}

/** One colour per asset of a report, in the order picked: told apart on the map and in the table. */
export const TRIP_COLOURS = ['#1971c2', '#e8590c', '#2f9e44', '#9c36b5', '#c2255c'] as const;
