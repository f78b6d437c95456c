/** How far a user may move an incident: under LOCATION_MOVE_LIMIT_M from where it was detected. */
import { INCIDENT_MOVE_LIMIT_M } from '../schemas/incident';
import { metresBetween, type LatLng } from './scene-rules';

const EARTH_RADIUS_M = 6_371_008.8;

export function withinMoveLimit(start: LatLng, to: LatLng): boolean {
  return metresBetween(start, to) < INCIDENT_MOVE_LIMIT_M;
}

/** The limit's circle around the start as a closed ring of [lng, lat] (what the edit map draws). */
export function moveLimitRing(start: LatLng, steps = 64): Array<[number, number]> {
  const angular = INCIDENT_MOVE_LIMIT_M / EARTH_RADIUS_M;
  const lat0 = (start.lat * Math.PI) / 180;
  const lng0 = (start.lng * Math.PI) / 180;
  const ring: Array<[number, number]> = [];
  for (let step = 0; step <= steps; step += 1) {
    const bearing = (2 * Math.PI * (step % steps)) / steps;
    const lat = Math.asin(
      Math.sin(lat0) * Math.cos(angular) + Math.cos(lat0) * Math.sin(angular) * Math.cos(bearing),
    );
    const lng =
      lng0 +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(lat0),
        Math.cos(angular) - Math.sin(lat0) * Math.sin(lat),
      );
    ring.push([(lng * 180) / Math.PI, (lat * 180) / Math.PI]);
  }
  return ring;
}
