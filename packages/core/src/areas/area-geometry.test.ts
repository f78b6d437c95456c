import destination from '@turf/destination';
import distance from '@turf/distance';
import { point } from '@turf/helpers';
import { describe, expect, it } from 'vitest';
import {
  circlePolygon,
  exclusionProblem,
  isInsideStation,
  METERS_PER_MILE,
  polygonOf,
  squareMiles,
  stationBounds,
  type LngLat,
} from './area-geometry';

const CHICAGO: LngLat = [-87.6167, 41.8623];

/** A square of the given area (square miles) with its south-west corner at `corner`. */
function square(squareMilesWanted: number, corner: LngLat = CHICAGO) {
  const side = Math.sqrt(squareMilesWanted) * METERS_PER_MILE;
  const step = (from: LngLat, bearing: number) =>
    destination(point(from), side, bearing, { units: 'meters' }).geometry.coordinates as LngLat;
  const east = step(corner, 90);
  const northEast = step(east, 0);
  const north = step(corner, 0);
  return polygonOf([corner, east, northEast, north]);
}

describe('exclusion polygons', () => {
  it('takes a square just under 0.5 square miles and refuses one just over', () => {
    const under = square(0.495);
    const over = square(0.505);
    expect(squareMiles(under)).toBeGreaterThan(0.49);
    expect(exclusionProblem(under)).toBeNull();
    expect(exclusionProblem(over)).toBe('too_large');
  });

  it('needs at least 3 points', () => {
    const two = { type: 'Polygon' as const, coordinates: [[CHICAGO, [-87.61, 41.87], CHICAGO] as LngLat[]] };
    expect(exclusionProblem(two)).toBe('too_few_points');
    expect(exclusionProblem(polygonOf([CHICAGO, [-87.61, 41.8623], [-87.61, 41.866]]))).toBeNull();
  });

  it('refuses a bow-tie (a ring that crosses itself) and a ring along one meridian (no area)', () => {
    const bowTie = polygonOf([
      [-87.62, 41.86],
      [-87.61, 41.87],
      [-87.61, 41.86],
      [-87.62, 41.87],
    ]);
    expect(exclusionProblem(bowTie)).toBe('invalid');
    const flat = polygonOf([
      [-87.62, 41.86],
      [-87.62, 41.87],
      [-87.62, 41.88],
    ]);
    expect(exclusionProblem(flat)).toBe('invalid');
  });

  it('takes rings given open or closed alike', () => {
    const open = { type: 'Polygon' as const, coordinates: [square(0.1).coordinates[0]!.slice(0, -1)] };
    expect(exclusionProblem(open)).toBeNull();
  });
});

describe('stations', () => {
  const station = { kind: 'polygon' as const, geometry: square(0.01) };

  it('finds a position inside the polygon and not one outside', () => {
    const [minLng, minLat, maxLng, maxLat] = stationBounds(station);
    expect(isInsideStation({ lng: (minLng + maxLng) / 2, lat: (minLat + maxLat) / 2 }, station)).toBe(true);
    expect(isInsideStation({ lng: maxLng + 0.001, lat: maxLat }, station)).toBe(false);
  });

  it('uses the circle for points and legacy areas: 100 m in, 101 m out', () => {
    const circle = { kind: 'circle' as const, center: CHICAGO, radiusMeters: 100 };
    const at = (meters: number) => {
      const [lng, lat] = destination(point(CHICAGO), meters, 45, { units: 'meters' }).geometry.coordinates;
      return { lng: lng!, lat: lat! };
    };
    expect(isInsideStation(at(99), circle)).toBe(true);
    expect(isInsideStation(at(101), circle)).toBe(false);
    const [minLng, minLat, maxLng, maxLat] = stationBounds(circle);
    const edge = at(99);
    expect(edge.lng > minLng && edge.lng < maxLng && edge.lat > minLat && edge.lat < maxLat).toBe(true);
  });
});

describe('a circle as a polygon', () => {
  it('traces the circle with 64 points, each at the radius from the centre', () => {
    const ring = circlePolygon([-89.65, 39.8], 160.9).coordinates[0]!;
    expect(ring).toHaveLength(65);
    expect(ring.at(-1)).toEqual(ring[0]);
    for (const corner of ring)
      expect(distance([-89.65, 39.8], corner, { units: 'meters' })).toBeCloseTo(160.9, 3);
  });
});
