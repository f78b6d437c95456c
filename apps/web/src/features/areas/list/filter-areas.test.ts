import { describe, expect, it } from 'vitest';
import type { Area } from '@flare/core/schemas/area';
import { makeArea } from '@flare/core/testing/areas';
import { areaPlace, filterAreas } from './filter-areas';

const area = (patch: Partial<Area>): Area => makeArea(patch);

describe('the areas list filters', () => {
  const station = area({ id: '1' });
  const hospital = area({
    id: '2',
    name: 'Memorial',
    desc: 'Trauma centre',
    city: 'Springfield',
    ez_type: {
      id: 'hospital',
      db_name: 'hospital',
      display_name: 'Hospital',
      is_station_view: false,
      is_av_type: false,
    },
  });

  it('keeps the chosen types (none chosen: all)', () => {
    expect(filterAreas([station, hospital], { typeIds: [], search: '' })).toHaveLength(2);
    expect(filterAreas([station, hospital], { typeIds: ['hospital'], search: '' })).toEqual([hospital]);
  });

  it('searches name, description, type and place, ignoring case', () => {
    for (const search of ['memorial', 'TRAUMA', 'hospital', 'springfield '])
      expect(
        filterAreas([station, hospital], { typeIds: [], search }).map((a) => a.id),
        search,
      ).toContain('2');
    expect(filterAreas([station, hospital], { typeIds: [], search: 'station' })).toEqual([station]);
  });

  it('says where an area is by its address, else its coordinates', () => {
    expect(areaPlace(hospital)).toBe('Springfield');
    expect(areaPlace(station)).toBe('39.80000, -89.65000');
  });
});
