/** The region a caller asks alerts for: a bounding box `west,south,east,north`, and whether an alert lies in it. */
import bboxPolygon from '@turf/bbox-polygon';
import booleanIntersects from '@turf/boolean-intersects';
import type { Alert } from '../schemas/alert';

export type Bbox = [west: number, south: number, east: number, north: number];

/** The box, or null when the text is not four numbers within range with west ≤ east and south ≤ north. */
export function parseBbox(text: string): Bbox | null {
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((part) => part.trim() === '')) return null;
  const [west, south, east, north] = parts.map(Number) as Bbox;
  const inRange = (lng: number, lat: number) => Math.abs(lng) <= 180 && Math.abs(lat) <= 90;
  if (![west, south, east, north].every(Number.isFinite)) return null;
  if (!inRange(west, south) || !inRange(east, north) || west > east || south > north) return null;
  return [west, south, east, north];
}

/** Whether any part of the alert's geometry lies in the box (its edge included). */
export function alertInBbox(alert: Pick<Alert, 'geometry'>, bbox: Bbox): boolean {
  return booleanIntersects(bboxPolygon(bbox), alert.geometry);
}

/**
 * Whether a stream watching these regions (null: everywhere) hears a change: the alert lies in one, or
 * for an update lay in one before (so a region an alert leaves hears it go).
 */
export function changeInRegions(
  change: { alert: Pick<Alert, 'geometry'>; previous_geometry: Alert['geometry'] | null },
  regions: readonly Bbox[] | null,
): boolean {
  if (regions === null) return true;
  const before = change.previous_geometry;
  return regions.some(
    (region) =>
      alertInBbox(change.alert, region) || (before !== null && alertInBbox({ geometry: before }, region)),
  );
}
