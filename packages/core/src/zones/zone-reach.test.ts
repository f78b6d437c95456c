import { describe, expect, it } from 'vitest';
import { thingsAlongZone, ZONE_REACH_M, type ZoneCandidate } from './zone-reach';

// A ramp running east along latitude 39.8: 0.001 degrees of latitude is about 111 m.
const line = {
  type: 'LineString' as const,
  coordinates: [
    [-89.65, 39.8],
    [-89.64, 39.8],
  ] as Array<[number, number]>,
};
const thing = (id: string, latOffset: number, status: ZoneCandidate['status']): ZoneCandidate => ({
  id,
  name: `WWD ${id}`,
  lat: 39.8 + latOffset,
  lng: -89.645,
  status,
});

describe('things along a zone', () => {
  it(`takes the assets within ${ZONE_REACH_M} m of the line and leaves the farther ones`, () => {
    const along = thingsAlongZone(line, [thing('near', 0.0008, 'standby'), thing('far', 0.001, 'standby')]);
    expect(along.things.map((t) => t.id)).toEqual(['near']);
    expect(along.is_active).toBe(false);
  });

  it('is active while one of them responds (active or on scene), standby otherwise', () => {
    for (const status of ['active', 'location'] as const) {
      const along = thingsAlongZone(line, [thing('a', 0, status), thing('b', 0, 'stationary')]);
      expect(along.is_active).toBe(true);
      expect(along.active_things.map((t) => t.id)).toEqual(['a']);
    }
    for (const status of ['standby', 'stationary', 'pending', 'offline'] as const)
      expect(thingsAlongZone(line, [thing('a', 0, status)]).is_active).toBe(false);
  });
});
