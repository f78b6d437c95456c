/**
 * Whether an alert concerns a vehicle at a position and heading, and how far it is.
 *
 * - Within the alert's `around_m`, whatever the heading: it concerns the vehicle.
 * - Within `ahead_m` and ahead: the nearest part of the alert lies within AHEAD_CONE_DEG of the
 *   vehicle's heading, and the vehicle travels with the affected traffic (within 90° of the alert's
 *   heading, when it has one). A vehicle whose heading is not known is concerned only within reach
 *   all around.
 * - A responder approaching concerns the vehicles it drives towards (the vehicle within
 *   AHEAD_CONE_DEG of its course, within `ahead_m`), whichever way they face: a driver must make way
 *   for one coming up behind.
 *
 * Once it concerns a vehicle it goes on doing so, with a wider cone (LEFT_CONE_DEG), until the vehicle
 * has passed it or moved out of reach: a vehicle weaving in its lane does not see the warning flicker.
 */
import bearing from '@turf/bearing';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import distance from '@turf/distance';
import { point } from '@turf/helpers';
import nearestPointOnLine from '@turf/nearest-point-on-line';
import type { Alert } from '../schemas/alert';

/** How far either side of straight ahead an alert still lies ahead, degrees. */
export const AHEAD_CONE_DEG = 30;
/** The same for an alert that already concerns the vehicle: it is left once it is beside or behind it. */
export const LEFT_CONE_DEG = 90;

export interface VehiclePosition {
  lat: number;
  lng: number;
  /** Degrees clockwise from north; null when not known (standing still). */
  heading: number | null;
}

/** The smallest angle between two headings, 0 to 180 degrees. */
export function headingDifference(a: number, b: number): number {
  return Math.abs(((a - b + 540) % 360) - 180);
}

/** The part of the alert nearest the vehicle, [lng, lat], and its distance in metres (0 inside a polygon). */
export function nearestPart(
  alert: Pick<Alert, 'geometry'>,
  vehicle: VehiclePosition,
): { at: [number, number]; metres: number } {
  const here = point([vehicle.lng, vehicle.lat]);
  const geometry = alert.geometry;
  if (geometry.type === 'Point') {
    const at = geometry.coordinates;
    return { at, metres: distance(here, at, { units: 'meters' }) };
  }
  if (geometry.type === 'Polygon' && booleanPointInPolygon(here, geometry))
    return { at: [vehicle.lng, vehicle.lat], metres: 0 };
  // Outside a polygon, its nearest part lies on its outer ring.
  const line =
    geometry.type === 'LineString'
      ? geometry
      : { type: 'LineString' as const, coordinates: geometry.coordinates[0]! };
  const nearest = nearestPointOnLine(line, here, { units: 'meters' });
  return { at: nearest.geometry.coordinates as [number, number], metres: nearest.properties.dist };
}

/**
 * The distance to the alert when it concerns the vehicle, else null. `concerned`: whether it did at
 * the vehicle's last position.
 */
export function alertDistanceFor(
  alert: Pick<Alert, 'type' | 'geometry' | 'heading' | 'reach'>,
  vehicle: VehiclePosition,
  concerned = false,
): number | null {
  const { at, metres } = nearestPart(alert, vehicle);
  if (metres <= alert.reach.around_m) return metres;
  if (metres > alert.reach.ahead_m) return null;
  const cone = concerned ? LEFT_CONE_DEG : AHEAD_CONE_DEG;
  if (alert.type === 'responder_approaching') {
    if (alert.heading === null) return null;
    const towardsVehicle = bearing(at, [vehicle.lng, vehicle.lat]);
    return headingDifference(towardsVehicle, alert.heading) <= cone ? metres : null;
  }
  if (vehicle.heading === null) return null;
  const ahead = headingDifference(bearing([vehicle.lng, vehicle.lat], at), vehicle.heading) <= cone;
  const withTraffic = alert.heading === null || headingDifference(vehicle.heading, alert.heading) <= 90;
  return ahead && withTraffic ? metres : null;
}
