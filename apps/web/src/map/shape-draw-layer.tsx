/**
 * Drawing a line or a polygon on the map (terra-draw) while a form holds a draft of it (a zone's line,
 * a closure's route, an incident's extent): points clicked one by one, each counted in the draft as it
 * is placed (a line: the last clicked again, or Enter, finishes it; a polygon: the first clicked
 * again, or Enter, closes it), whose points can then be dragged. Until the drawing tool has started and the map stands still (the form's
 * opening move), the map is covered by a notice that takes the clicks, so none is lost unseen.
 */
import { Center, Group, Loader, Paper, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { TerraDraw, TerraDrawLineStringMode, TerraDrawPolygonMode, TerraDrawSelectMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { polygonOf, ringPoints, type LngLat } from '@flare/core/areas/area-geometry';
import { useDraft, type DraftStore } from '../lib/draft-store';
import { useDrawingMode } from './drawing-mode';
import { useMap } from './map-context';
import { followPointsPlaced, KEEP_ON_ESCAPE } from './points-placed';

/** The points drawn: a line's in order, or a polygon's ring (not closed). */
export type LineDraft = DraftStore<{ line: LngLat[] }>;
type Shape = 'linestring' | 'polygon';
const MIN_POINTS: Record<Shape, number> = { linestring: 2, polygon: 3 };

export function ShapeDrawLayer({
  store,
  colour,
  shape = 'linestring',
}: {
  store: LineDraft;
  colour: `#${string}`;
  shape?: Shape;
}) {
  const map = useMap();
  const draft = useDraft(store);
  const draw = useRef<TerraDraw | null>(null);
  const drawing = draft !== null;
  const [toolReady, setToolReady] = useState(false);
  const [moving, setMoving] = useState(() => map.isMoving());
  // A point added from the map's menu goes at the end; the layer then draws the draft again.
  useDrawingMode(map, drawing, (point) => {
    const current = store.get();
    if (current) store.change({ line: [...current.line, point] });
  });

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
        shape === 'polygon'
          ? new TerraDrawPolygonMode({
              keyEvents: KEEP_ON_ESCAPE,
              styles: {
                fillColor: colour,
                outlineColor: colour,
                fillOpacity: 0.2,
                closingPointColor: colour,
              },
            })
          : new TerraDrawLineStringMode({
              keyEvents: KEEP_ON_ESCAPE,
              styles: { lineStringColor: colour, lineStringWidth: 5, closingPointColor: colour },
            }),
        new TerraDrawSelectMode({
          flags: {
            [shape]: { feature: { coordinates: { draggable: true, midpoints: true, deletable: true } } },
          },
          styles: {
            selectedLineStringColor: colour,
            selectedPolygonColor: colour,
            selectedPolygonOutlineColor: colour,
          },
        }),
      ],
    });
    instance.on('ready', () => setToolReady(true));
    instance.start();
    followPointsPlaced(instance, shape, (line) => store.drawn({ line }));
    instance.on('finish', () => reportDrawn(instance, store, shape));
    draw.current = instance;
    return () => {
      instance.stop();
      draw.current = null;
      setToolReady(false);
    };
  }, [map, drawing, colour, store, shape]);

  // The form's changes (a new draft, Redraw): draw the draft again.
  const revision = draft?.revision;
  useEffect(() => {
    const instance = draw.current;
    const current = store.get();
    if (!instance || !current) return;
    instance.clear();
    if (current.line.length >= MIN_POINTS[shape]) {
      const [result] = instance.addFeatures([
        {
          id: crypto.randomUUID(),
          type: 'Feature',
          geometry:
            shape === 'polygon' ? polygonOf(current.line) : { type: 'LineString', coordinates: current.line },
          properties: { mode: shape },
        },
      ]);
      instance.setMode('select');
      if (result?.valid && result.id !== undefined) instance.selectFeature(result.id);
    } else {
      instance.setMode(shape);
    }
    // Only a new revision redraws; what the user draws is already on the map.
  }, [revision, store, toolReady, shape]);

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

/** What the user drew (or dragged) becomes the draft's points; a finished shape can then be edited. */
function reportDrawn(instance: TerraDraw, store: LineDraft, shape: Shape): void {
  const type = shape === 'polygon' ? 'Polygon' : 'LineString';
  const drawn = instance.getSnapshot().findLast((feature) => feature.geometry.type === type);
  if (!drawn) return;
  const coordinates = drawn.geometry.coordinates as LngLat[] | LngLat[][];
  store.drawn({
    line:
      shape === 'polygon'
        ? ringPoints({ type: 'Polygon', coordinates: coordinates as LngLat[][] })
        : (coordinates as LngLat[]),
  });
  if (instance.getMode() === shape) {
    instance.setMode('select');
    if (drawn.id !== undefined) instance.selectFeature(drawn.id);
  }
}
