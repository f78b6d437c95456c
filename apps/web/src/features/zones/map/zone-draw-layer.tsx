/**
 * Drawing a zone's line on the map (terra-draw) while the zone form is open: points clicked one by
 * one (the last clicked again, or Enter, finishes the line), whose points can then be dragged.
 */
import { useEffect, useRef } from 'react';
import { TerraDraw, TerraDrawLineStringMode, TerraDrawSelectMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { LngLat } from '@flare/core/areas/area-geometry';
import { useMap } from '../../../map/map-context';
import { zoneDraft, useZoneDraft } from '../zone-draft';

const ZONE_COLOUR = '#1864ab';

export function ZoneDrawLayer() {
  const map = useMap();
  const draft = useZoneDraft();
  const draw = useRef<TerraDraw | null>(null);
  const drawing = draft !== null;

  // One terra-draw instance while the form is open.
  useEffect(() => {
    if (!drawing) return;
    const instance = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawLineStringMode({
          styles: { lineStringColor: ZONE_COLOUR, lineStringWidth: 5, closingPointColor: ZONE_COLOUR },
        }),
        new TerraDrawSelectMode({
          flags: {
            linestring: { feature: { coordinates: { draggable: true, midpoints: true, deletable: true } } },
          },
          styles: { selectedLineStringColor: ZONE_COLOUR },
        }),
      ],
    });
    instance.start();
    instance.on('finish', () => reportDrawn(instance));
    draw.current = instance;
    return () => {
      instance.stop();
      draw.current = null;
    };
  }, [map, drawing]);

  // The form's changes (a new draft, Redraw): draw the draft again.
  const revision = draft?.revision;
  useEffect(() => {
    const instance = draw.current;
    const current = zoneDraft.get();
    if (!instance || !current) return;
    instance.clear();
    if (current.line.length >= 2) {
      const [result] = instance.addFeatures([
        {
          id: crypto.randomUUID(),
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: current.line },
          properties: { mode: 'linestring' },
        },
      ]);
      instance.setMode('select');
      if (result?.valid && result.id !== undefined) instance.selectFeature(result.id);
    } else {
      instance.setMode('linestring');
    }
    // Only a new revision redraws; what the user draws is already on the map.
  }, [revision]);

  return null;
}

/** What the user drew (or dragged) becomes the draft's line; a finished line can then be edited. */
function reportDrawn(instance: TerraDraw): void {
  const line = instance.getSnapshot().findLast((feature) => feature.geometry.type === 'LineString');
  if (!line) return;
  zoneDraft.drawn({ line: line.geometry.coordinates as LngLat[] });
  if (instance.getMode() === 'linestring') {
    instance.setMode('select');
    if (line.id !== undefined) instance.selectFeature(line.id);
  }
}
