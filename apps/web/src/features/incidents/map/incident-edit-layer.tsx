/**
 * Edit Location on the map: while a position is being set,
 * a draggable marker and the move limit's circle around where the incident was detected (a drag
 * ending at or past the limit goes back to the last position allowed), and the drawing tool for a
 * line or polygon extent.
 */
import { Marker, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { moveLimitRing } from '@flare/core/incidents/move-limit';
import { useMap } from '../../../map/map-context';
import { ShapeDrawLayer } from '../../../map/shape-draw-layer';
import { extentPoints, incidentDraft, useIncidentDraft } from '../edit/incident-draft';
import { EXTENT_COLOURS } from './incident-shapes';

const SOURCE = 'flare-location-limit';
const FILL = 'flare-location-limit-fill';
const LINE = 'flare-location-limit-line';

export function IncidentEditLayer() {
  const map = useMap();
  const draft = useIncidentDraft();
  const marker = useRef<Marker | null>(null);
  const editing = draft?.locationId ?? null;
  const start = draft?.start;

  // The circle and the marker exist while one incident is being edited.
  useEffect(() => {
    if (!editing || !start) return;
    addLimitCircle(map, moveLimitRing(start));
    const element = document.createElement('div');
    element.setAttribute('role', 'img');
    element.setAttribute('aria-label', 'New incident position (drag to move)');
    element.dataset.testid = 'location-edit-marker';
    const at = incidentDraft.get()?.position ?? start;
    const created = new Marker({ element: withPin(element), draggable: true, anchor: 'bottom' })
      .setLngLat([at.lng, at.lat])
      .addTo(map);
    created.on('dragend', () => {
      const { lng, lat } = created.getLngLat();
      incidentDraft.moveTo({ lat, lng });
      // Refused: back to the position kept.
      const kept = incidentDraft.get()?.position;
      if (kept) created.setLngLat([kept.lng, kept.lat]);
    });
    marker.current = created;
    return () => {
      created.remove();
      marker.current = null;
      removeLimitCircle(map);
    };
    // The start is fixed for one incident's edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, editing]);

  const position = draft?.position;
  useEffect(() => {
    if (position) marker.current?.setLngLat([position.lng, position.lat]);
  }, [position]);

  const kind = draft?.extent.kind;
  if (kind !== 'LineString' && kind !== 'Polygon') return null;
  return (
    <ShapeDrawLayer
      store={extentPoints}
      colour={EXTENT_COLOURS.draft}
      shape={kind === 'Polygon' ? 'polygon' : 'linestring'}
    />
  );
}

function withPin(element: HTMLElement): HTMLElement {
  element.innerHTML = `<svg width="30" height="40" viewBox="0 0 30 40" aria-hidden="true">
<path d="M15 39 C15 39 2 22 2 14 A13 13 0 0 1 28 14 C28 22 15 39 15 39 Z" fill="#1971c2" stroke="white" stroke-width="2"/>
<circle cx="15" cy="14" r="5" fill="white"/></svg>`;
  element.style.cursor = 'grab';
  return element;
}

function addLimitCircle(map: MapLibreMap, ring: Array<[number, number]>): void {
  const data = {
    type: 'Feature' as const,
    properties: {},
    geometry: { type: 'Polygon' as const, coordinates: [ring] },
  };
  const source = map.getSource<GeoJSONSource>(SOURCE);
  if (source) void source.setData(data);
  else map.addSource(SOURCE, { type: 'geojson', data });
  if (!map.getLayer(FILL))
    map.addLayer({
      id: FILL,
      type: 'fill',
      source: SOURCE,
      paint: { 'fill-color': '#1971c2', 'fill-opacity': 0.12 },
    });
  if (!map.getLayer(LINE))
    map.addLayer({
      id: LINE,
      type: 'line',
      source: SOURCE,
      paint: { 'line-color': '#1971c2', 'line-width': 2 },
    });
}

function removeLimitCircle(map: MapLibreMap): void {
  // The map may have lost its style (or been removed) first, taking them along.
  try {
    if (map.getLayer(LINE)) map.removeLayer(LINE);
    if (map.getLayer(FILL)) map.removeLayer(FILL);
    if (map.getSource(SOURCE)) map.removeSource(SOURCE);
  } catch {
    // Nothing left to remove.
  }
}
