/**
 * The events list's Display choice and search, kept in the URL, and the rule
 * that picks and orders the rows they leave.
 */
import { INCIDENT_ROW_HEIGHT, INCIDENTS_DISPLAY_DEFAULT } from '@flare/core/constants';
import { incidentPlace, type Incident } from '@flare/core/schemas/incident';
import { RECENT_DISPLAYS, withinRecentDisplay, type RecentDisplay } from '@flare/core/time/recent-display';
import { compareIncidents } from '../live/live-incidents-store';

export interface IncidentFilters {
  display: RecentDisplay;
  search: string;
}

/** Filters from the URL: `display` and `q`; absent or unknown ones take their defaults. */
export function filtersFromSearch(params: URLSearchParams): IncidentFilters {
  const display = params.get('display');
  return {
    display: (RECENT_DISPLAYS as readonly string[]).includes(display ?? '')
      ? (display as RecentDisplay)
      : INCIDENTS_DISPLAY_DEFAULT,
    search: params.get('q') ?? '',
  };
}

/** The URL parameters for the filters: only what differs from the defaults. */
export function filtersToSearch(filters: IncidentFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.display !== INCIDENTS_DISPLAY_DEFAULT) params.set('display', filters.display);
  if (filters.search.trim()) params.set('q', filters.search.trim());
  return params;
}

/** Whether an incident shows under a Display choice at `now`: active ones always, ended ones by when they ended. */
export function shownBy(display: RecentDisplay, location: Incident, now: Date, timeZone: string): boolean {
  if (location.is_active || display === 'all') return true;
  if (display === 'active') return false;
  const ended = Date.parse(location.end_time ?? location.start_time);
  return withinRecentDisplay(display, ended, now.getTime(), timeZone);
}

/** Asset names (on scene or gone), the title (street, area or position) or System ID containing the search, ignoring case. */
export function matchesSearch(location: Incident, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [
    location.external_id,
    incidentPlace(location),
    ...location.things_active.map((thing) => thing.name),
    ...location.things_inactive.map((thing) => thing.name),
  ].some((text) => text.toLowerCase().includes(needle));
}

/** The rows: shown by the Display choice and the search, active first, then the newest. */
export function visibleIncidents(
  all: Incident[],
  filters: IncidentFilters,
  now: Date,
  timeZone: string,
): Incident[] {
  return all
    .filter(
      (location) =>
        shownBy(filters.display, location, now, timeZone) && matchesSearch(location, filters.search),
    )
    .sort(compareIncidents);
}

/** The header's counts over every incident held: active ones, and recent (ended) ones. */
export function countIncidents(all: Incident[]): { active: number; recent: number } {
  const active = all.filter((location) => location.is_active).length;
  return { active, recent: all.length - active };
}

/** 80 px, +90 when active, + the active-vehicle count, +15 per inactive vehicle. */
export function incidentRowHeight(location: Incident): number {
  return (
    INCIDENT_ROW_HEIGHT.base +
    (location.is_active ? INCIDENT_ROW_HEIGHT.active + location.things_active.length : 0) +
    INCIDENT_ROW_HEIGHT.perInactiveVehicle * location.things_inactive.length
  );
}
