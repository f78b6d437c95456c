/**
 * The selected area's shape on the map while its detail is open: the polygon, the circle of a legacy
 * area, or the point of interest.
 */
import type { Feature, FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { circlePolygon, METERS_PER_MILE } from '@flare/core/areas/area-geometry';
import type { Area } from '@flare/core/schemas/area';
import { EMPTY_COLLECTION, useGeoJsonLayer, type SourceLayer } from '../../../map/geojson-layer';
import { useAreas } from '../api/get-areas';

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

export function shapeOf(area: Area): Feature {
  const geometry =
    area.area_geom ??
    area.point_geom ??
    circlePolygon([area.lng, area.lat], area.radius_dist * METERS_PER_MILE);
  return { type: 'Feature', properties: { id: area.id }, geometry };
}

export function AreaShapeLayer() {
  const { pathname } = useLocation();
  const areas = useAreas();
  const selectedId = SELECTED.exec(pathname)?.[1];
  const shape = useMemo((): FeatureCollection => {
    const area = selectedId ? areas.data?.find((candidate) => candidate.id === selectedId) : undefined;
    return area ? { type: 'FeatureCollection', features: [shapeOf(area)] } : EMPTY_COLLECTION;
  }, [selectedId, areas.data]);
  useGeoJsonLayer('flare-area-shape', SHAPE, shape);
  return null;
}
