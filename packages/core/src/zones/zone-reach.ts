/**
 * Which assets belong to an alerting zone: the organisation's wrong-way-driver assets whose last
 * position lies within ZONE_REACH_M of the zone's line. A zone is active while one of them is
 * responding (active or on scene): that is a wrong-way driver detected on it now.
 */
import { lineString, point } from '@turf/helpers';
import pointToLineDistance from '@turf/point-to-line-distance';
import type { ThingStatus } from '../status/thing-status';
import type { LineStringGeometry, ZoneThing } from '../schemas/alerting-zone';

export const ZONE_REACH_M = 100;
export const WRONG_WAY_DRIVER_TYPE = 'wwd';
const RESPONDING: readonly ThingStatus[] = ['active', 'location'];

export interface ZoneCandidate {
  id: string;
  name: string;
  lat: number;
  lng: number;
  status: ThingStatus;
}

export function thingsAlongZone(
  line: LineStringGeometry,
  candidates: readonly ZoneCandidate[],
): { things: ZoneThing[]; active_things: ZoneThing[]; is_active: boolean } {
  const zoneLine = lineString(line.coordinates);
  const things = candidates
    .filter(
      (thing) =>
        pointToLineDistance(point([thing.lng, thing.lat]), zoneLine, { units: 'meters' }) <= ZONE_REACH_M,
    )
    .map((thing) => ({ id: thing.id, name: thing.name, is_active: RESPONDING.includes(thing.status) }));
  const active_things = things.filter((thing) => thing.is_active);
  return { things, active_things, is_active: active_things.length > 0 };
}
