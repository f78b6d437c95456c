/**
 * The shapes of areas and the geometry rules they obey.
 *
 * - An exclusion is a polygon of at least 3 points that does not cross itself and covers less than
 *   0.5 square miles (measured on the Earth's surface, not on the flat map).
 * - A point of interest is a point (its radius is 0).
 * - A legacy area (from before areas had shapes) is a circle: a centre and a radius in miles.
 * - An asset is at a station when its position lies in the station's polygon, or, for point and
 *   legacy areas, within the circle: the legacy radius, else 100 m.
 */
import destination from '@turf/destination';
import turfArea from '@turf/area';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import distance from '@turf/distance';
import { lineString, point, polygon } from '@turf/helpers';
import kinks from '@turf/kinks';
import pointToLineDistance from '@turf/point-to-line-distance';

export const METERS_PER_MILE = 1609;
export const MAX_EXCLUSION_SQUARE_MILES = 0.5;
export const MAX_EXCLUSION_SQUARE_METERS = MAX_EXCLUSION_SQUARE_MILES * METERS_PER_MILE * METERS_PER_MILE;
export const MIN_EXCLUSION_POINTS = 3;
/** The radius of a station drawn as a point (or a legacy circle without one). */
export const DEFAULT_STATION_RADIUS_M = 100;

/** [lng, lat], as GeoJSON orders them. */
export type LngLat = [number, number];
/** A GeoJSON polygon with one ring, closed (the first point repeated at the end). */
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: LngLat[][];
}

export type ExclusionProblem = 'too_few_points' | 'invalid' | 'too_large';

/** The ring's distinct points: the closing repeat of the first point left out. */
export function ringPoints(geometry: PolygonGeometry): LngLat[] {
  const ring = geometry.coordinates[0] ?? [];
  const last = ring.at(-1);
  const closed = ring.length > 1 && last![0] === ring[0]![0] && last![1] === ring[0]![1];
  return closed ? ring.slice(0, -1) : ring;
}

/** The polygon of the given points, closed. */
export function polygonOf(points: readonly LngLat[]): PolygonGeometry {
  return { type: 'Polygon', coordinates: [[...points, points[0]!].map(([lng, lat]) => [lng, lat])] };
}

/** A polygon area's position: the mean of its distinct points (what the list centres the map on). */
export function ringCentre(points: readonly LngLat[]): { lat: number; lng: number } {
  const lng = points.reduce((sum, p) => sum + p[0], 0) / points.length;
  const lat = points.reduce((sum, p) => sum + p[1], 0) / points.length;
  return { lat, lng };
}

/** What is wrong with an exclusion's polygon, or null when it may be saved. */
export function exclusionProblem(geometry: PolygonGeometry): ExclusionProblem | null {
  if (geometry.coordinates.length !== 1) return 'invalid';
  const points = ringPoints(geometry);
  if (points.length < MIN_EXCLUSION_POINTS) return 'too_few_points';
  const shape = polygon([[...points, points[0]!]]);
  if (kinks(shape).features.length > 0) return 'invalid';
  const squareMeters = turfArea(shape);
  if (squareMeters === 0) return 'invalid';
  if (squareMeters >= MAX_EXCLUSION_SQUARE_METERS) return 'too_large';
  return null;
}

/** Square miles the polygon covers on the Earth's surface. */
export function squareMiles(geometry: PolygonGeometry): number {
  return turfArea(polygon(geometry.coordinates)) / (METERS_PER_MILE * METERS_PER_MILE);
}

/** A station's shape as the station check needs it. */
export type StationShape =
  { kind: 'polygon'; geometry: PolygonGeometry } | { kind: 'circle'; center: LngLat; radiusMeters: number };

export function isInsideStation(position: { lat: number; lng: number }, shape: StationShape): boolean {
  const at = point([position.lng, position.lat]);
  if (shape.kind === 'polygon') return booleanPointInPolygon(at, polygon(shape.geometry.coordinates));
  return distance(at, point(shape.center), { units: 'meters' }) <= shape.radiusMeters;
}

/** How far (m) a position is from a shape: 0 inside it, else to its nearest edge. */
export function distanceToShape(position: { lat: number; lng: number }, shape: StationShape): number {
  if (isInsideStation(position, shape)) return 0;
  const at = point([position.lng, position.lat]);
  if (shape.kind === 'circle')
    return distance(at, point(shape.center), { units: 'meters' }) - shape.radiusMeters;
  return pointToLineDistance(at, lineString(shape.geometry.coordinates[0]!), { units: 'meters' });
}

/** The polygon tracing a circle (64 points), to draw a legacy circle or a station's default reach. */
export function circlePolygon(center: LngLat, radiusMeters: number): PolygonGeometry {
  const steps = 64;
  const points = Array.from(
    { length: steps },
    (_, i) =>
      destination(point(center), radiusMeters, (360 * i) / steps - 180, { units: 'meters' }).geometry
        .coordinates as LngLat,
  );
  return polygonOf(points);
}

/** [minLng, minLat, maxLng, maxLat] of a station's shape: what a spatial index stores. */
export function stationBounds(shape: StationShape): [number, number, number, number] {
  if (shape.kind === 'polygon') {
    const points = ringPoints(shape.geometry);
    const lngs = points.map((p) => p[0]);
    const lats = points.map((p) => p[1]);
    return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
  }
  const [lng, lat] = shape.center;
  // Degrees of latitude are ~111.3 km everywhere; of longitude they shrink with the latitude.
  const dLat = shape.radiusMeters / 111_320;
  const dLng = shape.radiusMeters / (111_320 * Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
  return [lng - dLng, lat - dLat, lng + dLng, lat + dLat];
}
