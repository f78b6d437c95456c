/** Areas for tests, in the wire format of the areas API: a station unless `overrides` say otherwise. */
import type { Area } from '../schemas/area';

export function makeArea(overrides: Partial<Area> = {}): Area {
  return {
    id: 'a',
    organization_id: 'o',
    organization_name: 'Springfield Police Department',
    thing_id: null,
    lat: 39.8,
    lng: -89.65,
    desc: null,
    radius_dist: 0,
    is_active: true,
    area_geom: null,
    point_geom: null,
    ez_type: {
      id: 'station',
      db_name: 'station',
      display_name: 'Station',
      is_station_view: true,
      is_av_type: false,
    },
    name: 'Station 1',
    address1: null,
    address2: null,
    city: null,
    state: null,
    postal_code: null,
    country_code: null,
    updated_at: '2026-11-24T10:00:00Z',
    ...overrides,
  };
}
