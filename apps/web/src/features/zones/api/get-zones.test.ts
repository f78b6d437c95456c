import { describe, expect, it } from 'vitest';
import { makeZone } from '@flare/core/testing/zones';
import { validZones } from './get-zones';

const zone = (id: string) => makeZone({ id, external_id: `HS-${id}` });

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
