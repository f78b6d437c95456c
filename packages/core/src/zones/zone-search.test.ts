import { describe, expect, it } from 'vitest';
import { searchZones } from './zone-search';

const zones = [
  {
    id: '0a8d7b3e-1111-4000-8000-000000000001',
    external_id: 'HS-I55-N-12',
    description: 'Exit 92 off-ramp',
    things: [{ id: 'b7c1e2f0-2222-4000-8000-000000000002', name: 'WWD-RAMP-92', is_active: false }],
  },
  { id: '0a8d7b3e-1111-4000-8000-000000000003', external_id: 'HS-7', description: null, things: [] },
];

describe('the zones search', () => {
  it.each([
    ['zone id', '000000000003', ['HS-7']],
    ['hotspot id, any case', 'hs-i55', ['HS-I55-N-12']],
    ['description', 'OFF-RAMP', ['HS-I55-N-12']],
    ['thing id', 'b7c1e2f0', ['HS-I55-N-12']],
    ['thing name', 'wwd-ramp', ['HS-I55-N-12']],
    ['nothing', 'nowhere', []],
    ['blank', '   ', ['HS-I55-N-12', 'HS-7']],
  ])('matches by %s', (_, search, expected) => {
    expect(searchZones(zones, search).map((zone) => zone.external_id)).toEqual(expected);
  });
});
