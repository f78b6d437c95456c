/**
 * The selected R2R alert on the map while the R2R section is open: where the alerting asset and the
 * alerted one were, each in its colour, joined by a line.
 */
import type { Feature } from 'geojson';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { collection, EMPTY_COLLECTION, useGeoJsonLayer, type SourceLayer } from '../../../map/geojson-layer';
import { useR2rAlerts } from '../api/get-r2r-alerts';
import { R2R_COLOURS, R2R_PATH, searchFromUrl } from '../r2r-search';

const LAYERS: readonly SourceLayer[] = [
  {
    id: 'flare-r2r-link',
    type: 'line',
    filter: ['==', ['geometry-type'], 'LineString'],
    paint: { 'line-color': '#495057', 'line-width': 2, 'line-dasharray': [2, 2] },
  },
  {
    id: 'flare-r2r-assets',
    type: 'circle',
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 9,
      'circle-color': ['get', 'colour'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 3,
    },
  },
];

export function R2rLayer() {
  const { pathname, search } = useLocation();
  const query = useMemo(
    () => (pathname.startsWith(R2R_PATH) ? searchFromUrl(new URLSearchParams(search)) : null),
    [pathname, search],
  );
  const alerts = useR2rAlerts(query);
  const data = useMemo(() => {
    const alert = alerts.data?.alerts.find((a) => a.id === query?.alertId);
    if (!alert) return EMPTY_COLLECTION;
    const sides = [
      { ...alert.alerting, colour: R2R_COLOURS.alerting, side: 'alerting' },
      { ...alert.alerted, colour: R2R_COLOURS.alerted, side: 'alerted' },
    ];
    const link: Feature = {
      type: 'Feature',
      properties: {},
      geometry: { type: 'LineString', coordinates: sides.map((s) => [s.lng, s.lat]) },
    };
    return collection([
      link,
      ...sides.map((s): Feature => ({
        type: 'Feature',
        properties: { colour: s.colour, side: s.side, thing_id: s.id, name: s.name },
        geometry: { type: 'Point', coordinates: [s.lng, s.lat] },
      })),
    ]);
  }, [alerts.data, query?.alertId]);
  useGeoJsonLayer('flare-r2r', LAYERS, data);
  return null;
}
