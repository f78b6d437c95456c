/**
 * The shape being drawn in the area form, shared by the form in the drawer and the drawing layer on
 * the map (which live in different parts of the page). The form starts a draft and asks for changes
 * (a new `revision`: the layer draws the draft again); the layer reports what the user drew
 * without a new revision.
 */
import { useSyncExternalStore } from 'react';
import type { LngLat } from '@flare/core/areas/area-geometry';

export type DraftShape = 'polygon' | 'poi' | 'legacy';

export interface AreaDraft {
  shape: DraftShape;
  /** The area's position: the point of interest, or the polygon's centre. Null until set. */
  position: { lat: number; lng: number } | null;
  /** The polygon's points, open (the first is not repeated at the end). */
  ring: LngLat[];
  /** Legacy circles: the radius in miles. */
  radiusMiles: number;
  /** Bumped by the form when the layer must draw the draft again. */
  revision: number;
}

let draft: AreaDraft | null = null;
const listeners = new Set<() => void>();

function set(next: AreaDraft | null): void {
  draft = next;
  listeners.forEach((listener) => listener());
}

export const areaDraft = {
  get: (): AreaDraft | null => draft,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  begin(start: Omit<AreaDraft, 'revision'>): void {
    set({ ...start, revision: (draft?.revision ?? 0) + 1 });
  },
  /** The form changes the draft: the layer redraws it. */
  change(patch: Partial<Omit<AreaDraft, 'revision'>>): void {
    if (draft) set({ ...draft, ...patch, revision: draft.revision + 1 });
  },
  /** The user drew on the map: the layer already shows it. */
  drawn(patch: Partial<Pick<AreaDraft, 'position' | 'ring'>>): void {
    if (draft) set({ ...draft, ...patch });
  },
  end(): void {
    set(null);
  },
};

export function useAreaDraft(): AreaDraft | null {
  return useSyncExternalStore(areaDraft.subscribe, areaDraft.get);
}
