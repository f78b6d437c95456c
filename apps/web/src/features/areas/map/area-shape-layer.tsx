/**
 * The selected area's shape on the map while its detail is open: the polygon, the circle of a legacy
 * area, or the point of interest.
 */
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { collection, EMPTY_COLLECTION, useGeoJsonLayer, type SourceLayer } from '../../../map/geojson-layer';
import { useAreas } from '../api/get-areas';
import { areaShape } from './area-shape';

const AREA_COLOUR = '#1864ab';
const SELECTED = /^\/dashboard\/areas\/([0-9a-f-]{36})$/;

const SHAPE: readonly SourceLayer[] = [
  {
    id: 'flare-area-fill',
    type: 'fill',
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': AREA_COLOUR, 'fill-opacity': 0.2 },
  },
  {
    id: 'flare-area-outline',
    type: 'line',
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'line-color': AREA_COLOUR, 'line-width': 2 },
  },
  {
    id: 'flare-area-point',
    type: 'circle',
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 7,
      'circle-color': AREA_COLOUR,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
];

export function AreaShapeLayer() {
  const { pathname } = useLocation();
  const areas = useAreas();
  const selectedId = SELECTED.exec(pathname)?.[1];
  const shape = useMemo(() => {
    const area = selectedId ? areas.data?.find((candidate) => candidate.id === selectedId) : undefined;
    return area ? collection([areaShape(area)]) : EMPTY_COLLECTION;
  }, [selectedId, areas.data]);
  useGeoJsonLayer('flare-area-shape', SHAPE, shape);
  return null;
}
