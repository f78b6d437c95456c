import { describe, expect, it } from 'vitest';
import {
  EXTENT_MESSAGES,
  extentError,
  extentShape,
  extentSummary,
  IncidentExtentSchema,
  isGeoMarker,
  markerPosition,
  pointExtent,
} from './incident-extent';
import { metresBetween } from './scene-rules';

const AT = { lat: 39.8, lng: -89.65 };
/** 1 km east of AT along its parallel, roughly. */
const EAST = -89.65 + 0.0117;

describe('incident extents', () => {
  it('take a point, a line, a circle or a closed polygon, refusing malformed ones', () => {
    const parse = (extent: unknown) => IncidentExtentSchema.safeParse(extent).success;
    expect(parse(pointExtent(AT))).toBe(true);
    expect(
      parse({
        type: 'LineString',
        coordinates: [
          [-89.65, 39.8],
          [EAST, 39.8],
        ],
      }),
    ).toBe(true);
    expect(parse({ type: 'Circle', coordinates: [-89.65, 39.8], radius: 150 })).toBe(true);
    const ring = [
      [-89.65, 39.8],
      [-89.649, 39.8],
      [-89.649, 39.801],
      [-89.65, 39.8],
    ];
    expect(parse({ type: 'Polygon', coordinates: [ring] })).toBe(true);
    expect(parse({ type: 'LineString', coordinates: [[-89.65, 39.8]] })).toBe(false);
    expect(parse({ type: 'Circle', coordinates: [-89.65, 39.8], radius: 5 })).toBe(false);
    expect(parse({ type: 'Circle', coordinates: [-89.65, 39.8], radius: 2_001 })).toBe(false);
    expect(parse({ type: 'Polygon', coordinates: [ring.slice(0, 3)] })).toBe(false);
    expect(parse({ type: 'MultiPoint', coordinates: [] })).toBe(false);
  });

  it('must lie within 2 km of the incident', () => {
    expect(
      extentError(
        {
          type: 'LineString',
          coordinates: [
            [-89.65, 39.8],
            [EAST, 39.8],
          ],
        },
        AT,
      ),
    ).toBeNull();
    const far = {
      type: 'LineString' as const,
      coordinates: [
        [-89.65, 39.8],
        [-89.6, 39.8],
      ] as Array<[number, number]>,
    };
    expect(extentError(far, AT)).toBe(EXTENT_MESSAGES.tooFar);
    expect(extentError({ type: 'Circle', coordinates: [-89.6, 39.8], radius: 100 }, AT)).toBe(
      EXTENT_MESSAGES.tooFar,
    );
    // Three points, one repeated: no area.
    const flat = [
      [-89.65, 39.8],
      [-89.649, 39.8],
      [-89.65, 39.8],
      [-89.65, 39.8],
    ] as Array<[number, number]>;
    expect(extentError({ type: 'Polygon', coordinates: [flat] }, AT)).toBe(EXTENT_MESSAGES.polygonTooSmall);
  });

  it('make a geo marker whose marker stands in the middle of the shape', () => {
    expect(isGeoMarker(pointExtent(AT))).toBe(false);
    expect(markerPosition(pointExtent(AT))).toEqual([AT.lng, AT.lat]);
    const line = {
      type: 'LineString' as const,
      coordinates: [
        [-89.65, 39.8],
        [EAST, 39.8],
      ] as Array<[number, number]>,
    };
    expect(isGeoMarker(line)).toBe(true);
    const [midLng, midLat] = markerPosition(line);
    const start = { lat: 39.8, lng: -89.65 };
    const end = { lat: 39.8, lng: EAST };
    expect(metresBetween(start, { lat: midLat, lng: midLng })).toBeCloseTo(metresBetween(start, end) / 2, -1);
    expect(markerPosition({ type: 'Circle', coordinates: [-89.64, 39.81], radius: 100 })).toEqual([
      -89.64, 39.81,
    ]);
    const square = [
      [-89.65, 39.8],
      [-89.64, 39.8],
      [-89.64, 39.81],
      [-89.65, 39.81],
      [-89.65, 39.8],
    ] as Array<[number, number]>;
    const [cLng, cLat] = markerPosition({ type: 'Polygon', coordinates: [square] });
    expect(cLng).toBeCloseTo(-89.645, 6);
    expect(cLat).toBeCloseTo(39.805, 6);
  });

  it('draw a circle as a polygon of points at its radius, and a point as nothing', () => {
    expect(extentShape(pointExtent(AT))).toBeNull();
    const shape = extentShape({ type: 'Circle', coordinates: [AT.lng, AT.lat], radius: 150 });
    expect(shape?.type).toBe('Polygon');
    const [lng, lat] = (shape!.coordinates[0] as Array<[number, number]>)[0]!;
    expect(metresBetween(AT, { lat, lng })).toBeCloseTo(150, 0);
  });

  it('say what they are in words, with their size', () => {
    expect(extentSummary(pointExtent(AT))).toBe('Point');
    expect(extentSummary({ type: 'Circle', coordinates: [AT.lng, AT.lat], radius: 150 })).toBe(
      'Circle, 150 m radius',
    );
    const line = extentSummary({
      type: 'LineString',
      coordinates: [
        [-89.65, 39.8],
        [EAST, 39.8],
      ],
    });
    expect(line).toMatch(/^Line, 1\.0 km$/);
    const square = [
      [-89.65, 39.8],
      [-89.649, 39.8],
      [-89.649, 39.801],
      [-89.65, 39.801],
      [-89.65, 39.8],
    ] as Array<[number, number]>;
    expect(extentSummary({ type: 'Polygon', coordinates: [square] })).toMatch(/^Polygon, [\d,]+ m²$/);
  });
});
