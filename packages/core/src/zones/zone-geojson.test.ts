import { describe, expect, it } from 'vitest';
import { GEOJSON_FILE_MESSAGES, GeoJsonFileError } from '../geojson/feature-import';
import { ZONE_MESSAGES } from '../schemas/zone';
import { makeZone, RAMP } from '../testing/zones';
import { zoneInputsFromGeoJson, zonesToGeoJson, ZONE_GEOJSON_MESSAGES } from './zone-geojson';

const zone = makeZone({ default_expiry_minutes: 45 });

const line = (coordinates: unknown, properties: Record<string, unknown> = { hotspot_id: 'HS-1' }) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'LineString', coordinates },
});

describe('zones as GeoJSON', () => {
  it('round trip: an exported zone imports as the same line and fields', () => {
    const { inputs, refused } = zoneInputsFromGeoJson(JSON.parse(JSON.stringify(zonesToGeoJson([zone]))));
    expect(refused).toEqual([]);
    expect(inputs).toEqual([
      {
        index: 0,
        input: {
          type: 'wrong_way_driver',
          geom_type: 'polyline',
          hotspot_id: 'HS-EXIT-92',
          description: 'Exit 92 off-ramp',
          alert_message: 'Wrong-way driver ahead',
          default_expiry_minutes: 45,
          geometry: { type: 'LineString', coordinates: RAMP },
        },
      },
    ]);
  });

  it('refuses what a zone cannot be, with the reason, and keeps the rest', () => {
    const { inputs, refused } = zoneInputsFromGeoJson({
      type: 'FeatureCollection',
      features: [
        line([RAMP[0]]),
        line(RAMP, {}),
        {
          type: 'Feature',
          properties: { hotspot_id: 'HS-P' },
          geometry: { type: 'Polygon', coordinates: [] },
        },
        line([
          [200, 0],
          [0, 0],
        ]),
        'nonsense',
        line([[-89.66, 39.81, 180], RAMP[1]], { hotspot_id: 'HS-OK' }),
        line(RAMP, { hotspot_id: 'HS-EXPIRY', default_expiry_minutes: 0 }),
      ],
    });
    expect(refused).toEqual([
      { index: 0, name: 'HS-1', reason: `geometry: ${ZONE_MESSAGES.tooFewPoints}` },
      { index: 1, reason: 'hotspot_id: Required' },
      { index: 2, name: 'HS-P', reason: ZONE_GEOJSON_MESSAGES.unsupportedGeometry('Polygon') },
      { index: 3, name: 'HS-1', reason: GEOJSON_FILE_MESSAGES.badCoordinates },
      { index: 4, reason: GEOJSON_FILE_MESSAGES.notFeature },
      { index: 6, name: 'HS-EXPIRY', reason: `default_expiry_minutes: ${ZONE_MESSAGES.expiryRange}` },
    ]);
    expect(inputs.map(({ index, input }) => [index, input.hotspot_id, input.geometry.coordinates])).toEqual([
      [5, 'HS-OK', RAMP],
    ]);
  });

  it('says when the document is not GeoJSON', () => {
    expect(() => zoneInputsFromGeoJson({ type: 'Topology' })).toThrow(
      new GeoJsonFileError(GEOJSON_FILE_MESSAGES.notGeoJson),
    );
  });
});
