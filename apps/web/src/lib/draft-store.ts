/**
 * A shape being drawn on the map while its form is open: shared by the form in the drawer and the
 * drawing layer on the map (which live in different parts of the page). The form starts a draft and
 * asks for changes (a new `revision`: the layer draws the draft again); the layer reports what the
 * user drew without a new revision (the map already shows it).
 */
import { useSyncExternalStore } from 'react';

export type Drafted<T> = T & {
  /** Bumped by the form when the layer must draw the draft again. */
  revision: number;
};

export interface DraftStore<T> {
  get: () => Drafted<T> | null;
  subscribe: (listener: () => void) => () => void;
  begin: (start: T) => void;
  /** The form changes the draft: the layer redraws it. */
  change: (patch: Partial<T>) => void;
  /** The user drew on the map: the layer already shows it. */
  drawn: (patch: Partial<T>) => void;
  end: () => void;
}

export function createDraftStore<T extends object>(): DraftStore<T> {
  let draft: Drafted<T> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: Drafted<T> | null) => {
    draft = next;
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => draft,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    begin: (start) => set({ ...start, revision: (draft?.revision ?? 0) + 1 }),
    change(patch) {
      if (draft) set({ ...draft, ...patch, revision: draft.revision + 1 });
    },
    drawn(patch) {
      if (draft) set({ ...draft, ...patch });
    },
    end: () => set(null),
  };
}

export function useDraft<T>(store: DraftStore<T>): Drafted<T> | null {
  return useSyncExternalStore(store.subscribe, store.get);
}
