/** The found position on the map: a blue dot with a halo, as a GeoJSON circle layer (no DOM marker). */
import { useEffect } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { LngLat } from '../map-commands';

export const MY_LOCATION_SOURCE = 'flare-my-location';
const LAYERS = ['flare-my-location-halo', 'flare-my-location'] as const;
const BLUE = '#1c7ed6';

export function useMyLocationLayer(map: MapLibreMap, position: LngLat | null): void {
  useEffect(() => {
    if (!position) return;
    map.addSource(MY_LOCATION_SOURCE, {
      type: 'geojson',
      data: { type: 'Feature', geometry: { type: 'Point', coordinates: position }, properties: {} },
    });
    map.addLayer({
      id: LAYERS[0],
      type: 'circle',
      source: MY_LOCATION_SOURCE,
      paint: { 'circle-radius': 16, 'circle-color': BLUE, 'circle-opacity': 0.2 },
    });
    map.addLayer({
      id: LAYERS[1],
      type: 'circle',
      source: MY_LOCATION_SOURCE,
      paint: {
        'circle-radius': 7,
        'circle-color': BLUE,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    });
    return () => {
      // MapView may have removed the map first, taking its layers along.
      if (map._removed) return;
      for (const id of LAYERS) if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(MY_LOCATION_SOURCE)) map.removeSource(MY_LOCATION_SOURCE);
    };
  }, [map, position]);
}
