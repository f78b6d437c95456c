import { describe, expect, it } from 'vitest';
import { circlePolygon } from './area-geometry';
import { NEAR_AREA_REACH_M, nearestArea } from './nearest-area';

const CENTRE = { lat: 39.7817, lng: -89.6501 };
/** A point `metres` north of the centre. */
const north = (metres: number) => ({ lat: CENTRE.lat + metres / 111_195, lng: CENTRE.lng });
const circle = (name: string, at: { lat: number; lng: number }, radiusMeters: number) => ({
  name,
  shape: { kind: 'circle' as const, center: [at.lng, at.lat] as [number, number], radiusMeters },
});
const polygonArea = (name: string, at: { lat: number; lng: number }, radiusMeters: number) => ({
  name,
  shape: { kind: 'polygon' as const, geometry: circlePolygon([at.lng, at.lat], radiusMeters) },
});

describe('nearestArea', () => {
  it('names the area a position lies in, at distance 0', () => {
    expect(nearestArea(CENTRE, [circle('Far', north(1_500), 100), polygonArea('Yard', CENTRE, 200)])).toEqual(
      {
        name: 'Yard',
        distance_m: 0,
      },
    );
  });

  it('else the area whose edge is nearest, measured to the edge, not the centre', () => {
    // The big area's centre is farther away, but its edge is nearer.
    const named = nearestArea(CENTRE, [circle('Small', north(600), 50), polygonArea('Big', north(900), 600)]);
    expect(named?.name).toBe('Big');
    expect(named?.distance_m).toBeGreaterThan(290);
    expect(named?.distance_m).toBeLessThan(310);
    expect(nearestArea(CENTRE, [circle('Small', north(600), 50)])).toEqual({
      name: 'Small',
      distance_m: 550,
    });
  });

  it('none beyond reach, and none without areas', () => {
    expect(nearestArea(CENTRE, [circle('Far', north(NEAR_AREA_REACH_M + 200), 100)])).toBeNull();
    expect(nearestArea(CENTRE, [circle('Edge', north(NEAR_AREA_REACH_M + 100), 120)])?.name).toBe('Edge');
    expect(nearestArea(CENTRE, [])).toBeNull();
  });

  it('a tie goes to the first name, whatever the order given', () => {
    const areas = [circle('Station B', CENTRE, 100), circle('Station A', CENTRE, 300)];
    expect(nearestArea(CENTRE, areas)?.name).toBe('Station A');
    expect(nearestArea(CENTRE, areas.reverse())?.name).toBe('Station A');
  });
});
