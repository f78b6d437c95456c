import { describe, expect, it } from 'vitest';
import { validZones } from './get-zones';

const zone = (id: string) => ({
  id,
  organization_id: 'org',
  organization_name: 'Springfield',
  external_id: `HS-${id}`,
  alerting_zone_type_name: 'wrong_way_driver',
  alert_message: null,
  description: null,
  features: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: null,
        geometry: {
          type: 'LineString',
          coordinates: [
            [-89.65, 39.8],
            [-89.64, 39.8],
          ],
        },
      },
    ],
  },
  is_active: false,
  things: [],
  active_things: [],
  updated_at: '2026-11-25T10:00:00.000Z',
});

describe('the zones list', () => {
  it('drops the entries that fail the zone schema and keeps the rest', () => {
    const noLine = { ...zone('b'), features: { type: 'FeatureCollection', features: [] } };
    const otherType = { ...zone('c'), alerting_zone_type_name: 'speeding' };
    expect(validZones([zone('a'), noLine, otherType, null, 'x', zone('d')]).map((z) => z.id)).toEqual([
      'a',
      'd',
    ]);
  });
});
