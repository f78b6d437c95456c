/**
 * The alerting zones on the map while the Zones section is open: each zone's line, red while active
 * and blue in standby, the selected one wider; a click on a line selects its zone. The zone being
 * edited is left to the drawing layer.
 */
import type { Feature, FeatureCollection } from 'geojson';
import type { MapLayerMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { zoneStatus, type Zone } from '@flare/core/schemas/zone';
import { EMPTY_COLLECTION, useGeoJsonLayer, type SourceLayer } from '../../../map/geojson-layer';
import { isDrawing } from '../../../map/drawing-mode';
import { useMap } from '../../../map/map-context';
import { useZones } from '../api/get-zones';
import { isEditingZone, selectedZoneId, ZONES_PATH } from '../zone-paths';

const LINES_ID = 'flare-zone-lines';
const LINES: readonly SourceLayer[] = [
  {
    id: LINES_ID,
    type: 'line',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: {
      'line-color': ['match', ['get', 'status'], 'active', '#c92a2a', '#1864ab'],
      'line-width': ['case', ['get', 'selected'], 9, 5],
      'line-opacity': 0.9,
    },
  },
];

export function ZonesLayer() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const map = useMap();
  const open = pathname === ZONES_PATH || pathname.startsWith(`${ZONES_PATH}/`);
  // Fetched only while shown: the layer is on every section's map, for users who may not see zones too.
  const zones = useZones({ enabled: open });
  const selected = selectedZoneId(pathname);
  const editing = isEditingZone(pathname);

  const lines = useMemo((): FeatureCollection => {
    if (!open || !zones.data) return EMPTY_COLLECTION;
    const shown = zones.data.filter((zone) => !(editing && zone.id === selected));
    return {
      type: 'FeatureCollection',
      features: shown.map((zone) => lineFeature(zone, zone.id === selected)),
    };
  }, [open, zones.data, selected, editing]);
  useGeoJsonLayer(LINES_ID, LINES, lines);

  useEffect(() => {
    if (editing) return;
    const onClick = (event: MapLayerMouseEvent) => {
      const id = event.features?.[0]?.properties?.id as string | undefined;
      if (id && !isDrawing(map)) void navigate(`${ZONES_PATH}/${id}`);
    };
    map.on('click', LINES_ID, onClick);
    return () => {
      map.off('click', LINES_ID, onClick);
    };
  }, [map, navigate, editing]);

  return null;
}

function lineFeature(zone: Zone, selected: boolean): Feature {
  return {
    type: 'Feature',
    properties: { id: zone.id, status: zoneStatus(zone), selected },
    geometry: zone.features.features[0]!.geometry,
  };
}
