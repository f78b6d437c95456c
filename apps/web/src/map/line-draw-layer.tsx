/**
 * Drawing a line on the map (terra-draw) while a form holds a draft of it (a zone's line, a closure's
 * route): points clicked one by one (the last clicked again, or Enter, finishes the line), whose
 * points can then be dragged. Until the drawing tool has started and the map stands still (the form's
 * opening move), the map is covered by a notice that takes the clicks, so none is lost unseen.
 */
import { Center, Group, Loader, Paper, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { TerraDraw, TerraDrawLineStringMode, TerraDrawSelectMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { LngLat } from '@flare/core/areas/area-geometry';
import { useDraft, type DraftStore } from '../lib/draft-store';
import { useMap } from './map-context';

export type LineDraft = DraftStore<{ line: LngLat[] }>;

export function LineDrawLayer({ store, colour }: { store: LineDraft; colour: `#${string}` }) {
  const map = useMap();
  const draft = useDraft(store);
  const draw = useRef<TerraDraw | null>(null);
  const drawing = draft !== null;
  const [toolReady, setToolReady] = useState(false);
  const [moving, setMoving] = useState(() => map.isMoving());

  useEffect(() => {
    const started = () => setMoving(true);
    const ended = () => setMoving(map.isMoving());
    map.on('movestart', started);
    map.on('moveend', ended);
    return () => {
      map.off('movestart', started);
      map.off('moveend', ended);
    };
  }, [map]);

  // One terra-draw instance while the form is open.
  useEffect(() => {
    if (!drawing) return;
    const instance = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawLineStringMode({
          styles: { lineStringColor: colour, lineStringWidth: 5, closingPointColor: colour },
        }),
        new TerraDrawSelectMode({
          flags: {
            linestring: { feature: { coordinates: { draggable: true, midpoints: true, deletable: true } } },
          },
          styles: { selectedLineStringColor: colour },
        }),
      ],
    });
    instance.on('ready', () => setToolReady(true));
    instance.start();
    instance.on('finish', () => reportDrawn(instance, store));
    draw.current = instance;
    return () => {
      instance.stop();
      draw.current = null;
      setToolReady(false);
    };
  }, [map, drawing, colour, store]);

  // The form's changes (a new draft, Redraw): draw the draft again.
  const revision = draft?.revision;
  useEffect(() => {
    const instance = draw.current;
    const current = store.get();
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
  }, [revision, store, toolReady]);

  if (!drawing || (toolReady && !moving)) return null;
  return (
    <Center
      pos="absolute"
      inset={0}
      style={{ zIndex: 4, cursor: 'progress' }}
      data-testid="drawing-not-ready"
    >
      <Paper shadow="sm" withBorder px="sm" py={6} role="status">
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Getting the map ready for drawing…</Text>
        </Group>
      </Paper>
    </Center>
  );
}

/** What the user drew (or dragged) becomes the draft's line; a finished line can then be edited. */
function reportDrawn(instance: TerraDraw, store: LineDraft): void {
  const line = instance.getSnapshot().findLast((feature) => feature.geometry.type === 'LineString');
  if (!line) return;
  store.drawn({ line: line.geometry.coordinates as LngLat[] });
  if (instance.getMode() === 'linestring') {
    instance.setMode('select');
    if (line.id !== undefined) instance.selectFeature(line.id);
  }
}
