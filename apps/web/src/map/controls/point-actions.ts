/**
 * What the right-click menu offers besides copying: a feature adds an action on the clicked point
 * (Report hazard) while it is mounted, as the menu itself may not import features. The menu lists the
 * actions below its own items.
 */
import { useSyncExternalStore } from 'react';
import type { LngLat } from '../map-commands';

export interface PointAction {
  id: string;
  label: string;
  run: (position: LngLat) => void;
}

let actions: readonly PointAction[] = [];
const listeners = new Set<() => void>();

function changed(next: readonly PointAction[]): void {
  actions = next;
  listeners.forEach((listener) => listener());
}

/** Offers the action until the returned function is called. */
export function addPointAction(action: PointAction): () => void {
  changed([...actions.filter((a) => a.id !== action.id), action]);
  return () => changed(actions.filter((a) => a !== action));
}

export function usePointActions(): readonly PointAction[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => actions,
  );
}
