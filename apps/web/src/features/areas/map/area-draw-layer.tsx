/**
 * Drawing an area on the map (terra-draw) while the area form is open: a polygon drawn point by point,
 * each corner counted in the draft as it is placed (click the first point, or press Enter, to close
 * it), whose corners can then be dragged, or a point
 * of interest placed with a click. A new area starts at the map's centre, zoomed to 15.5.
 */
import { useEffect, useRef } from 'react';
import {
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { polygonOf, ringCentre, ringPoints, type LngLat } from '@flare/core/areas/area-geometry';
import { MAP_ZOOM } from '@flare/core/constants';
import { useDrawingMode } from '../../../map/drawing-mode';
import { useMap } from '../../../map/map-context';
import { followPointsPlaced, KEEP_ON_ESCAPE } from '../../../map/points-placed';
import { areaDraft, useAreaDraft, type AreaDraft } from '../forms/area-draft';

const AREA_COLOUR = '#1971c2';

export function AreaDrawLayer() {
  const map = useMap();
  const draft = useAreaDraft();
  const draw = useRef<TerraDraw | null>(null);
  const drawing = draft !== null;
  // Set while the draft changes by the map's menu: the map stays where the user panned it.
  const addedFromMenu = useRef(false);
  const shape = draft?.shape;
  // A point added from the map's menu: the point of interest, or the outline's next corner (a circle
  // is drawn by dragging, and a legacy circle not at all).
  useDrawingMode(
    map,
    drawing && shape !== 'legacy',
    shape === 'poi' || shape === 'polygon'
      ? ([lng, lat]) => {
          const current = areaDraft.get();
          if (!current) return;
          addedFromMenu.current = true;
          if (current.shape === 'poi') {
            areaDraft.change({ position: { lat, lng } });
            return;
          }
          const ring: LngLat[] = [...current.ring, [lng, lat]];
          areaDraft.change({ ring, ...(ring.length >= 3 && { position: ringCentre(ring) }) });
        }
      : null,
  );

  // One terra-draw instance while the form is open.
  useEffect(() => {
    if (!drawing) return;
    const instance = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawPolygonMode({
          keyEvents: KEEP_ON_ESCAPE,
          styles: { fillColor: AREA_COLOUR, outlineColor: AREA_COLOUR, fillOpacity: 0.25 },
        }),
        new TerraDrawCircleMode({
          styles: { fillColor: AREA_COLOUR, outlineColor: AREA_COLOUR, fillOpacity: 0.25 },
        }),
        new TerraDrawPointMode({ styles: { pointColor: AREA_COLOUR, pointWidth: 8 } }),
        new TerraDrawSelectMode({
          flags: {
            polygon: { feature: { coordinates: { draggable: true, midpoints: true, deletable: true } } },
            point: { feature: { draggable: true } },
          },
          styles: { selectedPolygonColor: AREA_COLOUR, selectedPolygonOutlineColor: AREA_COLOUR },
        }),
      ],
    });
    instance.start();
    followPointsPlaced(instance, 'polygon', (ring) =>
      areaDraft.drawn({ ring, ...(ring.length >= 3 && { position: ringCentre(ring) }) }),
    );
    instance.on('finish', () => reportDrawn(instance));
    draw.current = instance;
    const current = areaDraft.get();
    if (current && !current.position) {
      const { lng, lat } = map.getCenter();
      areaDraft.drawn({ position: { lat, lng } });
      map.jumpTo({ zoom: MAP_ZOOM.addArea });
    }
    return () => {
      instance.stop();
      draw.current = null;
    };
  }, [map, drawing]);

  // The form's changes: draw the draft again.
  const revision = draft?.revision;
  useEffect(() => {
    const instance = draw.current;
    const current = areaDraft.get();
    if (!instance || !current) return;
    instance.clear();
    showDraft(instance, current);
    if (current.position && !addedFromMenu.current)
      map.easeTo({ center: [current.position.lng, current.position.lat] });
    addedFromMenu.current = false;
    // Only a new revision redraws; what the user draws is already on the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revision]);

  return null;
}

function showDraft(instance: TerraDraw, draft: AreaDraft): void {
  if (draft.shape === 'legacy') {
    instance.setMode('static');
    return;
  }
  if (draft.shape === 'circle') {
    instance.setMode('circle');
    return;
  }
  if (draft.shape === 'poi') {
    if (draft.position)
      addFeature(instance, { type: 'Point', coordinates: [draft.position.lng, draft.position.lat] }, 'point');
    instance.setMode('point');
    return;
  }
  if (draft.ring.length >= 3) {
    const [id] = addFeature(instance, polygonOf(draft.ring), 'polygon');
    instance.setMode('select');
    if (id !== undefined) instance.selectFeature(id);
  } else {
    instance.setMode('polygon');
  }
}

function addFeature(instance: TerraDraw, geometry: GeoJSONStoreFeatures['geometry'], mode: string) {
  const results = instance.addFeatures([
    { id: crypto.randomUUID(), type: 'Feature', geometry, properties: { mode } },
  ]);
  return results.filter((result) => result.valid).map((result) => result.id!);
}

/** What the user drew becomes the draft's ring or point (a new point of interest replaces the old). */
function reportDrawn(instance: TerraDraw): void {
  const features = instance.getSnapshot();
  const polygon = features.findLast((feature) => feature.geometry.type === 'Polygon');
  const points = features.filter((feature) => feature.geometry.type === 'Point');
  if (areaDraft.get()?.shape === 'poi' && points.length > 0) {
    const latest = points.at(-1)!;
    for (const older of points.slice(0, -1)) instance.removeFeatures([older.id!]);
    const [lng, lat] = latest.geometry.coordinates as LngLat;
    areaDraft.drawn({ position: { lat, lng } });
    return;
  }
  if (!polygon) return;
  const ring = ringPoints({ type: 'Polygon', coordinates: polygon.geometry.coordinates as LngLat[][] });
  if (instance.getMode() === 'circle') {
    // A drawn circle is saved as the polygon that traces it: redrawn as one, its points can be dragged.
    areaDraft.change({ shape: 'polygon', ring, position: ringCentre(ring) });
    return;
  }
  areaDraft.drawn({ ring, position: ringCentre(ring) });
  // Once closed, the polygon's corners can be dragged.
  if (instance.getMode() === 'polygon') {
    instance.setMode('select');
    if (polygon.id !== undefined) instance.selectFeature(polygon.id);
  }
}
