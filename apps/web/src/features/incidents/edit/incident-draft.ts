/**
 * The position and extent being set in Edit Location, shared by the form in the drawer and the
 * draggable marker and shapes on the map (which live in different parts of the page). A drag that
 * ends at or past the move limit is refused: the position stays where it was and `refused` says why.
 * A line's or polygon's points are drawn through `extentPoints` (the map's shape-drawing layer).
 */
import { useSyncExternalStore } from 'react';
import type { LngLat } from '@flare/core/areas/area-geometry';
import type { ExtentKind } from '@flare/core/incidents/incident-extent';
import { withinMoveLimit } from '@flare/core/incidents/move-limit';
import type { LatLng } from '@flare/core/incidents/scene-rules';
import { createDraftStore } from '../../../lib/draft-store';

export interface ExtentDraft {
  kind: ExtentKind;
  /** A circle's radius, metres. */
  radius: number;
}

export interface IncidentDraft {
  locationId: string;
  start: LatLng;
  position: LatLng;
  /** The last drag ended too far from the start and was undone. */
  refused: boolean;
  extent: ExtentDraft;
}

/** The points of a line or polygon extent being drawn. */
export const extentPoints = createDraftStore<{ line: LngLat[] }>();

let draft: IncidentDraft | null = null;
const listeners = new Set<() => void>();

function set(next: IncidentDraft | null): void {
  draft = next;
  listeners.forEach((listener) => listener());
}

export const incidentDraft = {
  get: (): IncidentDraft | null => draft,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  begin(locationId: string, start: LatLng, position: LatLng, extent: ExtentDraft): void {
    set({ locationId, start, position, refused: false, extent });
  },
  setExtent(patch: Partial<ExtentDraft>): void {
    if (draft) set({ ...draft, extent: { ...draft.extent, ...patch } });
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
    extentPoints.end();
    set(null);
  },
};

export function useIncidentDraft(): IncidentDraft | null {
  return useSyncExternalStore(incidentDraft.subscribe, incidentDraft.get);
}
