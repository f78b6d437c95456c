import { GEOJSON_FILE_MESSAGES, GeoJsonFileError } from '../geojson/feature-import';
import { describe, expect, it } from 'vitest';
import { AREA_MESSAGES, type Area, type EzType } from '../schemas/area';
import { AREA_GEOJSON_MESSAGES, areaInputsFromGeoJson, areasToGeoJson } from './area-geojson';
import { polygonOf, type LngLat } from './area-geometry';

const type = (db_name: string): EzType => ({
  id: `00000000-0000-4000-8000-${String(db_name.length).padStart(12, '0')}`,
  db_name,
  display_name: db_name,
  is_station_view: db_name === 'station',
  is_av_type: false,
});
const TYPES = [type('station'), type('exclusion_zone'), type('poi')];

const CORNER: LngLat = [-89.65, 39.8];
/** A square of `side` degrees (0.002°: about 0.015 square miles here; 0.02°: about 1.5). */
const square = (side: number, [lng, lat]: LngLat = CORNER) =>
  polygonOf([
    [lng, lat],
    [lng + side, lat],
    [lng + side, lat + side],
    [lng, lat + side],
  ]);

const area = (patch: Partial<Area>): Area => ({
  id: 'a1',
  organization_id: 'o',
  organization_name: 'Springfield Police Department',
  thing_id: null,
  lat: CORNER[1],
  lng: CORNER[0],
  desc: null,
  radius_dist: 0,
  is_active: true,
  area_geom: null,
  point_geom: null,
  ez_type: type('station'),
  name: 'Station 1',
  address1: '800 E Monroe St',
  address2: null,
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country_code: 'US',
  updated_at: '2026-11-24T10:00:00Z',
  ...patch,
});

const polygonArea = area({
  id: 'p',
  name: 'North lot',
  area_geom: square(0.002),
  ez_type: type('exclusion_zone'),
});
const poiArea = area({
  id: 'i',
  name: 'Memorial',
  desc: 'Trauma centre',
  ez_type: type('poi'),
  point_geom: { type: 'Point', coordinates: [-89.64, 39.81] },
  lat: 39.81,
  lng: -89.64,
});
const legacyArea = area({ id: 'l', name: 'Old yard', radius_dist: 0.25, address1: null, postal_code: null });

const feature = (geometry: unknown, properties: Record<string, unknown> = {}) => ({
  type: 'Feature',
  geometry,
  properties: { name: 'Imported', ez_type: 'station', state: 'IL', country_code: 'US', ...properties },
});
const reasonsOf = (features: unknown[]) =>
  areaInputsFromGeoJson({ type: 'FeatureCollection', features }, TYPES).refused.map((r) => r.reason);

describe('areas as GeoJSON', () => {
  it('exports polygons as Polygons, points of interest and legacy circles as Points with their radius', () => {
    const { features } = areasToGeoJson([polygonArea, poiArea, legacyArea]);
    expect(features.map((f) => f.geometry.type)).toEqual(['Polygon', 'Point', 'Point']);
    expect(features[0]!.geometry).toEqual(polygonArea.area_geom);
    expect(features[1]!.geometry.coordinates).toEqual([-89.64, 39.81]);
    expect(features[2]!.properties).toMatchObject({
      name: 'Old yard',
      ez_type: 'station',
      radius_dist: 0.25,
    });
    expect(features[1]!.properties).toEqual({
      name: 'Memorial',
      desc: 'Trauma centre',
      ez_type: 'poi',
      address1: '800 E Monroe St',
      address2: null,
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
      country_code: 'US',
      radius_dist: 0,
    });
  });

  it('imports what it exported: the same shapes, types, names and addresses', () => {
    const areas = [polygonArea, poiArea, legacyArea];
    const { inputs, refused } = areaInputsFromGeoJson(
      JSON.parse(JSON.stringify(areasToGeoJson(areas))),
      TYPES,
    );
    expect(refused).toEqual([]);
    expect(inputs.map(({ index }) => index)).toEqual([0, 1, 2]);
    inputs.forEach(({ input }, i) => {
      const original = areas[i]!;
      expect(input).toMatchObject({
        name: original.name,
        desc: original.desc,
        ez_type_id: original.ez_type.id,
        address1: original.address1,
        city: original.city,
        state: original.state,
        postal_code: original.postal_code,
        country_code: original.country_code,
        radius_dist: original.radius_dist,
        area_geom: original.area_geom,
      });
    });
    expect(inputs.map(({ input }) => input.is_poi)).toEqual([false, true, false]);
    expect(inputs[1]!.input).toMatchObject({ lat: 39.81, lng: -89.64 });
    // A polygon's position is its centre, as when it is drawn.
    expect(inputs[0]!.input.lat).toBeCloseTo(39.801, 6);
    expect(inputs[0]!.input.lng).toBeCloseTo(-89.649, 6);
  });

  it('takes a single Feature, open rings, and positions with an altitude', () => {
    const ring = square(0.002)
      .coordinates[0]!.slice(0, -1)
      .map(([lng, lat]) => [lng, lat, 180]);
    const { inputs } = areaInputsFromGeoJson(feature({ type: 'Polygon', coordinates: [ring] }), TYPES);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]!.input.area_geom).toEqual(square(0.002));
  });

  it('refuses each feature that breaks a rule, with the rule message, and keeps the others', () => {
    const good = feature(square(0.002));
    const tooLarge = feature(square(0.02), { name: 'Whole town' });
    const result = areaInputsFromGeoJson(
      { type: 'FeatureCollection', features: [good, tooLarge, good] },
      TYPES,
    );
    expect(result.inputs.map(({ index }) => index)).toEqual([0, 2]);
    expect(result.refused).toEqual([{ index: 1, name: 'Whole town', reason: AREA_MESSAGES.tooLarge }]);
  });

  it('says why a feature is refused', () => {
    const bowTie = polygonOf([
      [-89.65, 39.8],
      [-89.648, 39.802],
      [-89.648, 39.8],
      [-89.65, 39.802],
    ]);
    const line = polygonOf([
      [-89.65, 39.8],
      [-89.649, 39.8],
    ]);
    const withHole = {
      type: 'Polygon',
      coordinates: [...square(0.002).coordinates, ...square(0.0005).coordinates],
    };
    expect(
      reasonsOf([
        feature(bowTie),
        feature(line),
        feature(withHole),
        feature({ type: 'MultiPolygon', coordinates: [square(0.002).coordinates] }),
        feature({ type: 'LineString', coordinates: [CORNER, [-89.6, 39.9]] }),
        feature(null),
        feature({ type: 'Point', coordinates: [39.8, -189.65] }),
        feature({ type: 'Point', coordinates: CORNER }, { ez_type: 'helipad' }),
        feature({ type: 'Point', coordinates: CORNER }, { ez_type: undefined }),
        feature({ type: 'Point', coordinates: CORNER }, { name: 'x'.repeat(101) }),
        feature({ type: 'Point', coordinates: CORNER }, { state: null }),
        feature({ type: 'Point', coordinates: CORNER }, { postal_code: 'ABC' }),
        { type: 'Point', coordinates: CORNER },
      ]),
    ).toEqual([
      AREA_MESSAGES.invalidShape,
      AREA_MESSAGES.tooFewPoints,
      AREA_GEOJSON_MESSAGES.holes,
      AREA_GEOJSON_MESSAGES.multiPolygon,
      AREA_GEOJSON_MESSAGES.unsupportedGeometry('LineString'),
      GEOJSON_FILE_MESSAGES.noGeometry,
      GEOJSON_FILE_MESSAGES.badCoordinates,
      AREA_GEOJSON_MESSAGES.unknownType('helipad'),
      AREA_GEOJSON_MESSAGES.typeMissing,
      `name: ${AREA_MESSAGES.nameTooLong}`,
      'state: Required',
      'postal_code: Invalid zip code',
      GEOJSON_FILE_MESSAGES.notFeature,
    ]);
  });

  it('refuses a file that is not a FeatureCollection or a Feature', () => {
    for (const json of [null, [], { type: 'Polygon', coordinates: [] }, { type: 'FeatureCollection' }])
      expect(() => areaInputsFromGeoJson(json, TYPES)).toThrow(
        new GeoJsonFileError(GEOJSON_FILE_MESSAGES.notGeoJson),
      );
  });
});
