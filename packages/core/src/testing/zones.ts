/** Alerting zones for tests, in the wire format of the zones API: a ramp in standby unless `overrides` say otherwise. */
import { ZONE_DEFAULT_EXPIRY_MINUTES, type Zone } from '../schemas/zone';

export const RAMP: Array<[number, number]> = [
  [-89.66, 39.81],
  [-89.655, 39.81],
];

export function makeZone(overrides: Partial<Zone> = {}): Zone {
  return {
    id: 'z1',
    organization_id: 'org',
    organization_name: 'Springfield',
    external_id: 'HS-EXIT-92',
    alerting_zone_type_name: 'wrong_way_driver',
    alert_message: 'Wrong-way driver ahead',
    description: 'Exit 92 off-ramp',
    features: {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: null, geometry: { type: 'LineString', coordinates: RAMP } }],
    },
    is_active: false,
    things: [],
    active_things: [],
    active_locations: [],
    default_expiry_minutes: ZONE_DEFAULT_EXPIRY_MINUTES,
    updated_at: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}
