import { describe, expect, it } from 'vitest';
import { circlePolygon, METERS_PER_MILE, type PolygonGeometry } from '@flare/core/areas/area-geometry';
import { areaShape } from './area-shape';

const centre = { lat: 39.8, lng: -89.65 };
const square: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [-89.66, 39.79],
      [-89.64, 39.79],
      [-89.64, 39.81],
      [-89.66, 39.81],
      [-89.66, 39.79],
    ],
  ],
};

describe('an area drawn on the map', () => {
  it('is its polygon', () => {
    const shape = areaShape({ id: 'a', ...centre, radius_dist: 0, area_geom: square, point_geom: null });
    expect(shape.geometry).toEqual(square);
    expect(shape.properties).toEqual({ id: 'a' });
  });

  it('is its point, for a point of interest', () => {
    const point = { type: 'Point' as const, coordinates: [centre.lng, centre.lat] as [number, number] };
    const shape = areaShape({ id: 'p', ...centre, radius_dist: 0, area_geom: null, point_geom: point });
    expect(shape.geometry).toEqual(point);
  });

  it('is the circle a legacy area covers, its radius in miles', () => {
    const shape = areaShape({ id: 'l', ...centre, radius_dist: 0.1, area_geom: null, point_geom: null });
    expect(shape.geometry).toEqual(circlePolygon([centre.lng, centre.lat], 0.1 * METERS_PER_MILE));
  });
});
