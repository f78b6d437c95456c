/**
 * Drawing a closure's route on the map while the closure form is open, at zoom 15.5 or closer, with
 * the driving route the directions service found through its points.
 */
import { useEffect, useMemo } from 'react';
import { MAP_ZOOM } from '@flare/core/constants';
import { collection, EMPTY_COLLECTION, useGeoJsonLayer, type SourceLayer } from '../../../map/geojson-layer';
import { ShapeDrawLayer } from '../../../map/shape-draw-layer';
import { useMap } from '../../../map/map-context';
import { useDirections } from '../api/get-directions';
import { closureDraft, useClosureDraft } from '../closure-draft';
import { CLOSURE_ROUTE_COLOUR } from '../closure-look';

const DRIVING_ROUTE: readonly SourceLayer[] = [
  {
    id: 'flare-closure-driving-route',
    type: 'line',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': CLOSURE_ROUTE_COLOUR, 'line-width': 4, 'line-opacity': 0.9 },
  },
];

export function ClosureDrawLayer() {
  const map = useMap();
  const draft = useClosureDraft();
  const drawing = draft !== null;
  const { routePath } = useDirections(draft?.line ?? []);
  const route = useMemo(
    () =>
      routePath ? collection([{ type: 'Feature', properties: {}, geometry: routePath }]) : EMPTY_COLLECTION,
    [routePath],
  );
  useGeoJsonLayer('flare-closure-driving-route', DRIVING_ROUTE, route);
  useEffect(() => {
    if (drawing && map.getZoom() < MAP_ZOOM.addClosure) map.jumpTo({ zoom: MAP_ZOOM.addClosure });
  }, [map, drawing]);
  return <ShapeDrawLayer store={closureDraft} colour="#c92a2a" />;
}
