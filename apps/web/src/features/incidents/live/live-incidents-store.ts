/**
 * The organisation's incidents as the events list, detail and map see them: a keyed store filled
 * from the locations API and changed by `location` live messages. It keeps at most
 * MAX_STORED_LOCATIONS: active incidents first, then the most recently started.
 */
import { MAX_STORED_INCIDENTS, type Incident } from '@flare/core/schemas/incident';
import {
  createKeyedStore,
  useKeyedItem,
  useKeyedSnapshot,
  type KeyedSnapshot,
} from '../../../live/keyed-store';

/** Active first, then the newest start: the order in which incidents are kept. */
export function compareIncidents(a: Incident, b: Incident): number {
  if (a.is_active !== b.is_active) return a.is_active ? -1 : 1;
  return b.start_time.localeCompare(a.start_time);
}

/** The incidents kept: all of them when within the limit, else the first by `compareIncidents`. */
function bounded(locations: Map<string, Incident>): Map<string, Incident> {
  if (locations.size <= MAX_STORED_INCIDENTS) return locations;
  const kept = [...locations.values()].sort(compareIncidents).slice(0, MAX_STORED_INCIDENTS);
  return new Map(kept.map((location) => [location.id, location]));
}

export const liveIncidents = createKeyedStore<Incident>({
  idOf: (location) => location.id,
  // A copy older than the one held (a late poll answer) changes nothing.
  merge: (current, location) => (current && current.updated_at > location.updated_at ? current : location),
  bound: bounded,
});

export function useLiveIncidents(): KeyedSnapshot<Incident> {
  return useKeyedSnapshot(liveIncidents);
}

export function useLiveIncident(id: string | undefined): Incident | undefined {
  return useKeyedItem(liveIncidents, id);
}
