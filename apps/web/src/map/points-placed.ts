/**
 * The points of an outline or a line the user is still drawing (terra-draw), so that the form counts
 * them as they are clicked and can save them before the shape is closed or finished: four corners
 * clicked are four points drawn, not none until the first corner is clicked again.
 */
import type { TerraDraw } from 'terra-draw';
import type { LngLat } from '@flare/core/areas/area-geometry';

/**
 * Escape does not drop a shape half drawn: its points are already the draft's (Redraw starts again),
 * and Enter finishes it.
 */
export const KEEP_ON_ESCAPE = { cancel: null, finish: 'Enter' };

type DrawnShape = 'polygon' | 'linestring';
type FeatureId = Parameters<TerraDraw['getSnapshotFeature']>[0];

/**
 * Calls `placed` with the points placed so far each time the user places one while drawing a
 * `shape` (not on every move of the pointer). What a finished shape holds is reported by the
 * drawing layer's own `finish` handler.
 */
export function followPointsPlaced(
  instance: TerraDraw,
  shape: DrawnShape,
  placed: (points: LngLat[]) => void,
): void {
  // The shape being drawn and how many of its points were last reported.
  let drawing: { id: FeatureId; count: number } | null = null;
  instance.on('change', (ids) => {
    for (const id of ids) {
      const feature = instance.getSnapshotFeature(id);
      if (!feature || feature.properties.mode !== shape || feature.properties.currentlyDrawing !== true)
        continue;
      const points = placedPoints(feature.geometry, feature.properties.committedCoordinateCount);
      if (drawing?.id === id && drawing.count === points.length) continue;
      drawing = { id, count: points.length };
      placed(points);
    }
  });
}

/**
 * While drawing, terra-draw keeps a point under the pointer as well as the ones clicked: a line's
 * is its last coordinate; a polygon's ring holds it too (and the closing repeat of the first), and
 * the polygon says how many of its coordinates are committed.
 */
function placedPoints(geometry: { type: string; coordinates: unknown }, committedCount: unknown): LngLat[] {
  if (geometry.type === 'LineString') return (geometry.coordinates as LngLat[]).slice(0, -1);
  if (geometry.type !== 'Polygon' || typeof committedCount !== 'number') return [];
  return (geometry.coordinates as LngLat[][])[0]!.slice(0, committedCount);
}
