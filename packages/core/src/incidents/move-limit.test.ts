import { describe, expect, it } from 'vitest';
import { INCIDENT_MOVE_LIMIT_M } from '../schemas/incident';
import { moveLimitRing, withinMoveLimit } from './move-limit';
import { metresBetween } from './scene-rules';

const start = { lat: 39.7817, lng: -89.6501 };
const north = (metres: number) => ({ lat: start.lat + metres / 111_195, lng: start.lng });

describe('moving an incident', () => {
  it('allows a move under the limit and refuses one at or past it', () => {
    expect(withinMoveLimit(start, north(INCIDENT_MOVE_LIMIT_M - 1))).toBe(true);
    expect(withinMoveLimit(start, north(INCIDENT_MOVE_LIMIT_M))).toBe(false);
    expect(withinMoveLimit(start, north(INCIDENT_MOVE_LIMIT_M + 50))).toBe(false);
  });

  it('draws the limit as a closed ring at the limit’s distance all round', () => {
    const ring = moveLimitRing(start, 16);
    expect(ring).toHaveLength(17);
    expect(ring[0]).toEqual(ring.at(-1));
    for (const [lng, lat] of ring) {
      expect(metresBetween(start, { lat, lng })).toBeCloseTo(INCIDENT_MOVE_LIMIT_M, 0);
    }
  });
});
