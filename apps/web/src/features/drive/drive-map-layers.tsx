/**
 * The driver view's map: it follows the vehicle, drawn as a dot, heading up (as a navigation app
 * turns it) and placed low on the screen so the road ahead shows; with the alerts that concern it.
 */
import type { Feature } from 'geojson';
import { useEffect, useMemo } from 'react';
import type { VehiclePosition } from '@flare/core/alerts/alert-relevance';
import type { Alert } from '@flare/core/schemas/alert';
import { collection, useGeoJsonLayer, type SourceLayer } from '../../map/geojson-layer';
import { useMap } from '../../map/map-context';

/** How much of the map's height lies ahead of the vehicle beyond the middle. */
const AHEAD_SHARE = 0.35;
const ALERT_COLOUR = '#c92a2a';
const VEHICLE_COLOUR = '#1c7ed6';

const ALERT_LAYERS: SourceLayer[] = [
  {
    id: 'flare-drive-alert-area',
    type: 'fill',
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': ALERT_COLOUR, 'fill-opacity': 0.25 },
  },
  {
    id: 'flare-drive-alert-line',
    type: 'line',
    filter: ['!=', ['geometry-type'], 'Point'],
    paint: { 'line-color': ALERT_COLOUR, 'line-width': 6 },
  },
  {
    id: 'flare-drive-alert-point',
    type: 'circle',
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-color': ALERT_COLOUR,
      'circle-radius': 10,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 3,
    },
  },
];

const VEHICLE_LAYERS: SourceLayer[] = [
  {
    id: 'flare-drive-vehicle',
    type: 'circle',
    paint: {
      'circle-color': VEHICLE_COLOUR,
      'circle-radius': 9,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 3,
    },
  },
];

export function DriveMapLayers({ position, alerts }: { position: VehiclePosition | null; alerts: Alert[] }) {
  const map = useMap();
  useEffect(() => {
    if (!position) return;
    map.jumpTo({
      center: [position.lng, position.lat],
      bearing: position.heading ?? map.getBearing(),
      padding: { top: map.getContainer().clientHeight * AHEAD_SHARE, bottom: 0, left: 0, right: 0 },
    });
  }, [map, position]);

  const alertFeatures = useMemo(
    () =>
      collection(
        alerts.map((alert): Feature => ({
          type: 'Feature',
          geometry: alert.geometry,
          properties: { id: alert.id },
        })),
      ),
    [alerts],
  );
  const vehicleFeatures = useMemo(
    () =>
      collection(
        position
          ? [
              {
                type: 'Feature',
                geometry: { type: 'Point', coordinates: [position.lng, position.lat] },
                properties: {},
              },
            ]
          : [],
      ),
    [position],
  );
  useGeoJsonLayer('flare-drive-alerts', ALERT_LAYERS, alertFeatures);
  useGeoJsonLayer('flare-drive-vehicle', VEHICLE_LAYERS, vehicleFeatures);
  return null;
}
