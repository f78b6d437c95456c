/**
 * The map opens on what it shows: once `ready` (the shown positions are known), it fits them as
 * show-all does, jumping there (no flight from the default view) in the commit that shows them, so
 * the next frame does. Once per map, so the user's panning and zooming afterwards are left alone.
 */
import { useLayoutEffect, useRef } from 'react';
import { showAllOnMap, type LngLat } from './map-commands';

/** What a map view fits: the positions, read when needed, once they are known (`ready`). */
export interface FitTarget {
  ready: boolean;
  positions: () => LngLat[];
}

export function useFitOnce(ready: boolean, positions: () => LngLat[]): void {
  const fitted = useRef(false);
  useLayoutEffect(() => {
    if (fitted.current || !ready) return;
    fitted.current = true;
    showAllOnMap(positions(), { animate: false });
  }, [ready, positions]);
}
