/**
 * The position being set in Edit Location, shared by the form in the drawer and the draggable
 * marker on the map (which live in different parts of the page). A drag that ends at or past the
 * move limit is refused: the position stays where it was and `refused` says why.
 */
import { useSyncExternalStore } from 'react';
import { withinMoveLimit } from '@flare/core/incidents/move-limit';
import type { LatLng } from '@flare/core/incidents/scene-rules';

export interface LocationDraft {
  locationId: string;
  start: LatLng;
  position: LatLng;
  /** The last drag ended too far from the start and was undone. */
  refused: boolean;
}

let draft: LocationDraft | null = null;
const listeners = new Set<() => void>();

function set(next: LocationDraft | null): void {
  draft = next;
  listeners.forEach((listener) => listener());
}

export const locationDraft = {
  get: (): LocationDraft | null => draft,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  begin(locationId: string, start: LatLng, position: LatLng): void {
    set({ locationId, start, position, refused: false });
  },
  /** A drag ended here: taken when under the limit, else refused. */
  moveTo(position: LatLng): void {
    if (!draft) return;
    set(
      withinMoveLimit(draft.start, position)
        ? { ...draft, position, refused: false }
        : { ...draft, refused: true },
    );
  },
  end(): void {
    set(null);
  },
};

export function useLocationDraft(): LocationDraft | null {
  return useSyncExternalStore(locationDraft.subscribe, locationDraft.get);
}
