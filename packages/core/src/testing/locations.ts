/** An incident as the API shows it, for tests; override what the test is about. */
import type { Location } from '../schemas/location';
import { INCIDENT_ALERT_MESSAGE } from '../schemas/location';

export function locationFixture(over: Partial<Location> = {}): Location {
  const lat = over.lat ?? 39.7817;
  const lng = over.lng ?? -89.6501;
  return {
    id: 'incident-7',
    external_id: 'INC-7',
    organization_id: 'org-1',
    is_active: true,
    lat,
    lng,
    start_lat: lat,
    start_lng: lng,
    features: { type: 'Point', coordinates: [lng, lat] },
    street: 'North Grand Avenue East',
    roadway_heading: 90,
    things_active: [
      {
        id: 'thing-1',
        name: 'Patrol 101',
        start_time: '2026-11-24T09:00:00.000Z',
        end_time: null,
        runtime: 600,
      },
    ],
    things_inactive: [],
    start_time: '2026-11-24T09:00:00.000Z',
    end_time: null,
    alert_message: INCIDENT_ALERT_MESSAGE,
    updated_at: '2026-11-24T09:05:00.000Z',
    ...over,
  };
}
