/**
 * The incidents' extents on the map (lines along the road, circles, polygons), under their markers:
 * active ones red, recent ones grey, and the circle being set in Edit Location orange.
 */
import type { Feature, FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { circlePolygon } from '@flare/core/areas/area-geometry';
import { extentShape } from '@flare/core/incidents/incident-extent';
import type { Incident } from '@flare/core/schemas/incident';
import { collection, useGeoJsonLayer, type SourceLayer } from '../../../map/geojson-layer';
import type { IncidentDraft } from '../edit/incident-draft';

export const EXTENT_COLOURS = { active: '#e03131', recent: '#868e96', draft: '#e8590c' } as const;

const LAYERS: readonly SourceLayer[] = [
  {
    id: 'flare-incident-extent-fill',
    type: 'fill',
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': 0.18 },
  },
  {
    id: 'flare-incident-extent-line',
    type: 'line',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: {
      'line-color': ['get', 'colour'],
      'line-width': ['case', ['==', ['geometry-type'], 'LineString'], 6, 2],
      'line-opacity': 0.85,
    },
  },
];

export function useIncidentShapes(locations: readonly Incident[], draft: IncidentDraft | null): void {
  const data = useMemo((): FeatureCollection => {
    const features: Feature[] = [];
    for (const location of locations) {
      const shape = extentShape(location.features);
      if (shape)
        features.push({
          type: 'Feature',
          properties: {
            id: location.id,
            colour: location.is_active ? EXTENT_COLOURS.active : EXTENT_COLOURS.recent,
          },
          geometry: shape,
        });
    }
    // Lines and polygons being set are drawn by the drawing tool; a circle is shown here.
    if (draft?.extent.kind === 'Circle')
      features.push({
        type: 'Feature',
        properties: { id: draft.locationId, colour: EXTENT_COLOURS.draft },
        geometry: circlePolygon([draft.position.lng, draft.position.lat], draft.extent.radius),
      });
    return collection(features);
  }, [locations, draft]);
  useGeoJsonLayer('flare-incident-extents', LAYERS, data);
}
