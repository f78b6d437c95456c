/**
 * Closures on the map while the Closures section is open: each closure's route, coloured by its
 * status; the closure being edited is left to the drawing layer.
 */
import type { FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { EMPTY_COLLECTION, useGeoJsonLayer, type SourceLayer } from '../../../map/geojson-layer';
import { useClosures } from '../api/get-closures';
import { CLOSURE_STATUS_LOOK, CLOSURES_PATH } from '../closure-look';

const ROUTES: readonly SourceLayer[] = [
  {
    id: 'flare-closure-routes',
    type: 'line',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': ['get', 'colour'], 'line-width': 6, 'line-opacity': 0.85 },
  },
];

export function ClosuresLayer() {
  const { pathname } = useLocation();
  const open = pathname === CLOSURES_PATH || pathname.startsWith(`${CLOSURES_PATH}/`);
  const editing = pathname.endsWith('/edit') ? pathname.split('/').at(-2) : null;
  const closures = useClosures();
  const routes = useMemo((): FeatureCollection => {
    if (!open || !closures.data) return EMPTY_COLLECTION;
    return {
      type: 'FeatureCollection',
      features: closures.data.data
        .filter((closure) => closure.id !== editing && closure.route_path.coordinates.length >= 2)
        .map((closure) => ({
          type: 'Feature',
          properties: {
            id: closure.id,
            status: closure.status,
            colour: CLOSURE_STATUS_LOOK[closure.status].colour,
          },
          geometry: closure.route_path,
        })),
    };
  }, [open, closures.data, editing]);
  useGeoJsonLayer('flare-closure-routes', ROUTES, routes);
  return null;
}
