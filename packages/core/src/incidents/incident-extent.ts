/**
 * An incident's extent: what of the road the scene takes up, beyond the point where it was detected.
 * A point (no extent: the incident's own position), a line along the road it blocks, a circle around
 * it, or a polygon. An incident with a line, circle or polygon is a geo marker: its marker stands at
 * the shape's middle (markerPosition) and locating it zooms out a little (16) to show the shape.
 * Every point of a shape lies within EXTENT_REACH_M of the incident.
 */
import along from '@turf/along';
import turfArea from '@turf/area';
import { lineString, polygon } from '@turf/helpers';
import length from '@turf/length';
import { z } from 'zod';
import { circlePolygon, ringCentre, ringPoints, type LngLat } from '../areas/area-geometry';
import { metresBetween, type LatLng } from './scene-rules';

export const EXTENT_REACH_M = 2_000;
export const EXTENT_MAX_POINTS = 200;
export const EXTENT_CIRCLE_RADIUS_M = { min: 10, max: 2_000 } as const;
export const EXTENT_KINDS = ['Point', 'LineString', 'Circle', 'Polygon'] as const;
export type ExtentKind = (typeof EXTENT_KINDS)[number];
export const EXTENT_LABELS: Record<ExtentKind, string> = {
  Point: 'Point',
  LineString: 'Line',
  Circle: 'Circle',
  Polygon: 'Polygon',
};

export const EXTENT_MESSAGES = {
  tooFar: `Every point of the extent must lie within ${EXTENT_REACH_M / 1000} km of the incident`,
  radius: `A circle's radius is ${EXTENT_CIRCLE_RADIUS_M.min} to ${EXTENT_CIRCLE_RADIUS_M.max} m`,
  lineTooShort: 'A line needs at least 2 points',
  polygonTooSmall: 'A polygon needs at least 3 points',
} as const;

const Position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

export const IncidentExtentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Point'), coordinates: Position }),
  z.object({
    type: z.literal('LineString'),
    coordinates: z.array(Position).min(2, EXTENT_MESSAGES.lineTooShort).max(EXTENT_MAX_POINTS),
  }),
  /** Not a GeoJSON type: a centre and a radius in metres. */
  z.object({
    type: z.literal('Circle'),
    coordinates: Position,
    radius: z
      .number()
      .min(EXTENT_CIRCLE_RADIUS_M.min, EXTENT_MESSAGES.radius)
      .max(EXTENT_CIRCLE_RADIUS_M.max, EXTENT_MESSAGES.radius),
  }),
  z.object({
    type: z.literal('Polygon'),
    // One closed ring: at least 3 distinct points and the first repeated.
    coordinates: z
      .array(
        z
          .array(Position)
          .min(4, EXTENT_MESSAGES.polygonTooSmall)
          .max(EXTENT_MAX_POINTS + 1),
      )
      .length(1),
  }),
]);
export type IncidentExtent = z.infer<typeof IncidentExtentSchema>;

/** The extent's points (a circle's centre; a polygon's ring). */
function extentPoints(extent: IncidentExtent): LngLat[] {
  if (extent.type === 'Point' || extent.type === 'Circle') return [extent.coordinates];
  if (extent.type === 'LineString') return extent.coordinates;
  return extent.coordinates[0]!;
}

/** What is wrong with an extent for an incident at `position`, or null when it may be saved. */
export function extentError(extent: IncidentExtent, position: LatLng): string | null {
  const far = extentPoints(extent).some(
    ([lng, lat]) => metresBetween(position, { lat, lng }) > EXTENT_REACH_M,
  );
  if (far) return EXTENT_MESSAGES.tooFar;
  const distinct = new Set(extentPoints(extent).map(([lng, lat]) => `${lng},${lat}`));
  if (extent.type === 'Polygon' && distinct.size < 3) return EXTENT_MESSAGES.polygonTooSmall;
  return null;
}

/** Whether the incident is shown by a shape rather than its point alone. */
export const isGeoMarker = (extent: IncidentExtent): boolean => extent.type !== 'Point';

/** Where the marker stands: the point; a circle's centre; halfway along a line; a polygon's centre. */
export function markerPosition(extent: IncidentExtent): LngLat {
  if (extent.type === 'Point' || extent.type === 'Circle') return extent.coordinates;
  if (extent.type === 'LineString') {
    const line = lineString(extent.coordinates);
    return along(line, length(line) / 2).geometry.coordinates as LngLat;
  }
  const centre = ringCentre(ringPoints({ type: 'Polygon', coordinates: extent.coordinates }));
  return [centre.lng, centre.lat];
}

/** The extent as GeoJSON to draw: a circle traced as a polygon; null for a point (the marker shows it). */
export function extentShape(
  extent: IncidentExtent,
): { type: 'LineString'; coordinates: LngLat[] } | { type: 'Polygon'; coordinates: LngLat[][] } | null {
  if (extent.type === 'Point') return null;
  if (extent.type === 'Circle') return circlePolygon(extent.coordinates, extent.radius);
  return extent;
}

/** The incident's own point as an extent (what an incident without a shape has). */
export const pointExtent = (position: LatLng): IncidentExtent => ({
  type: 'Point',
  coordinates: [position.lng, position.lat],
});

const metres = (m: number) => (Math.round(m) < 1_000 ? `${Math.round(m)} m` : `${(m / 1_000).toFixed(1)} km`);

/** The extent in words, as the detail shows it: "Line, 420 m", "Circle, 150 m radius", "Polygon, 3,400 m²". */
export function extentSummary(extent: IncidentExtent): string {
  if (extent.type === 'Point') return EXTENT_LABELS.Point;
  if (extent.type === 'Circle') return `${EXTENT_LABELS.Circle}, ${metres(extent.radius)} radius`;
  if (extent.type === 'LineString')
    return `${EXTENT_LABELS.LineString}, ${metres(length(lineString(extent.coordinates), { units: 'meters' }))}`;
  const squareMetres = Math.round(turfArea(polygon(extent.coordinates)));
  return `${EXTENT_LABELS.Polygon}, ${squareMetres.toLocaleString('en-US')} m²`;
}
