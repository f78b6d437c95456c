/**
 * The saved area that names a place without a street (an incident's title): the area the position
 * lies in, else the nearest one whose edge is within NEAR_AREA_REACH_M; an area farther away would
 * mislead more than the bare coordinates. A tie (a position inside two areas) goes to the name first
 * in alphabetical order, so the choice is stable.
 */
import { distanceToShape, type StationShape } from './area-geometry';

/** How far (m) from an area's edge a place is still "near" it: about a mile and a quarter. */
export const NEAR_AREA_REACH_M = 2_000;

export interface NearArea {
  name: string;
  /** 0 inside the area, else metres to its edge, rounded. */
  distance_m: number;
}

export function nearestArea(
  position: { lat: number; lng: number },
  areas: Iterable<{ name: string; shape: StationShape }>,
): NearArea | null {
  let best: NearArea | null = null;
  for (const area of areas) {
    const distance_m = Math.round(distanceToShape(position, area.shape));
    if (distance_m > NEAR_AREA_REACH_M) continue;
    if (!best || distance_m < best.distance_m || (distance_m === best.distance_m && area.name < best.name))
      best = { name: area.name, distance_m };
  }
  return best;
}
