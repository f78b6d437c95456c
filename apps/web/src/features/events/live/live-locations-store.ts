/**
 * The organisation's incidents as the events list, detail and map see them: a store keyed by id,
 * filled from the locations API and changed by `location` live messages. It keeps at most
 * MAX_STORED_LOCATIONS: active incidents first, then the most recently started.
 */
import { useSyncExternalStore } from 'react';
import { MAX_STORED_LOCATIONS, type Location } from '@flare/core/schemas/location';

export interface LiveLocationsSnapshot {
  /** Bumped on every change. */
  version: number;
  locations: ReadonlyMap<string, Location>;
  /** False until the first complete load. */
  loaded: boolean;
  /** The HTTP status of the failed first load (0: no connection), null when none failed. */
  loadFailure: number | null;
}

let snapshot: LiveLocationsSnapshot = { version: 0, locations: new Map(), loaded: false, loadFailure: null };
const listeners = new Set<() => void>();

function commit(next: Partial<Omit<LiveLocationsSnapshot, 'version'>>): void {
  snapshot = { ...snapshot, ...next, version: snapshot.version + 1 };
  listeners.forEach((listener) => listener());
}

/** Active first, then the newest start: the order in which incidents are kept. */
export function compareLocations(a: Location, b: Location): number {
  if (a.is_active !== b.is_active) return a.is_active ? -1 : 1;
  return b.start_time.localeCompare(a.start_time);
}

/** The incidents kept: all of them when within the limit, else the first by `compareLocations`. */
function bounded(locations: Map<string, Location>): Map<string, Location> {
  if (locations.size <= MAX_STORED_LOCATIONS) return locations;
  const kept = [...locations.values()].sort(compareLocations).slice(0, MAX_STORED_LOCATIONS);
  return new Map(kept.map((location) => [location.id, location]));
}

export const liveLocations = {
  getSnapshot: (): LiveLocationsSnapshot => snapshot,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A complete load: the store holds exactly these incidents (within the limit). */
  replaceAll(locations: Location[]): void {
    commit({
      locations: bounded(new Map(locations.map((location) => [location.id, location]))),
      loaded: true,
      loadFailure: null,
    });
  },
  /** Changed incidents (an incremental load, live messages, a saved edit) replace theirs. */
  upsert(locations: Location[]): void {
    if (locations.length === 0) return;
    const next = new Map(snapshot.locations);
    for (const location of locations) {
      const current = next.get(location.id);
      // A copy older than the one held (a late poll answer) changes nothing.
      if (current && current.updated_at > location.updated_at) continue;
      next.set(location.id, location);
    }
    commit({ locations: bounded(next) });
  },
  /** The first load failed: the list says why until a load succeeds. */
  failLoad(status: number): void {
    if (!snapshot.loaded) commit({ loadFailure: status });
  },
  clear(): void {
    commit({ locations: new Map(), loaded: false, loadFailure: null });
  },
};

export function useLiveLocations(): LiveLocationsSnapshot {
  return useSyncExternalStore(liveLocations.subscribe, liveLocations.getSnapshot);
}

export function useLiveLocation(id: string | undefined): Location | undefined {
  return useSyncExternalStore(liveLocations.subscribe, () => (id ? snapshot.locations.get(id) : undefined));
}
