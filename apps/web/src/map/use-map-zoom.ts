import { useCallback, useSyncExternalStore } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/** The map's zoom, following the map as it changes. */
export function useMapZoom(map: MapLibreMap): number {
  const subscribe = useCallback(
    (listener: () => void) => {
      map.on('zoom', listener);
      return () => {
        map.off('zoom', listener);
      };
    },
    [map],
  );
  return useSyncExternalStore(subscribe, () => map.getZoom());
}
