import { describe, expect, it } from 'vitest';
import { makeThing } from '@flare/core/testing/things';
import { stationGroupsOf } from './use-station-groups';

describe('station groups', () => {
  it('groups the assets linked to each station, its marker in the middle of them', () => {
    const groups = stationGroupsOf([
      makeThing({ id: 'a', station_id: 's1', lat: 39.8, lng: -89.6 }),
      makeThing({ id: 'b', station_id: 's1', lat: 39.9, lng: -89.8 }),
      makeThing({ id: 'c', station_id: 's2', lat: 40, lng: -90 }),
      makeThing({ id: 'd', station_id: null, lat: 40, lng: -90 }),
      makeThing({ id: 'e', station_id: 's2', lat: null, lng: null }),
    ]);
    expect(groups).toHaveLength(2);
    const [first, second] = groups;
    expect(first!.id).toBe('s1');
    expect([...first!.thingIds]).toEqual(['a', 'b']);
    expect(first!.position[0]).toBeCloseTo(-89.7);
    expect(first!.position[1]).toBeCloseTo(39.85);
    expect([...second!.thingIds]).toEqual(['c']);
  });
});
