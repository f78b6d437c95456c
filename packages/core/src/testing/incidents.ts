/** Incident records for tests (web, benchmarks), in the wire format of the locations API. */
import { INCIDENT_ALERT_MESSAGE, type Incident, type IncidentThing } from '../schemas/incident';

let next = 0;

export function makeIncidentThing(overrides: Partial<IncidentThing> = {}): IncidentThing {
  next += 1;
  return {
    id: `00000000-0000-4000-9000-${String(next).padStart(12, '0')}`,
    name: `Unit ${next}`,
    start_time: '2026-11-22T10:00:00.000Z',
    end_time: null,
    runtime: 60,
    ...overrides,
  };
}

export function makeIncident(overrides: Partial<Incident> = {}): Incident {
  next += 1;
  const lat = overrides.lat ?? 39.7817;
  const lng = overrides.lng ?? -89.6501;
  return {
    id: `00000000-0000-4000-a000-${String(next).padStart(12, '0')}`,
    external_id: `INC-${next}`,
    organization_id: '00000000-0000-4000-b000-000000000001',
    is_active: true,
    lat,
    lng,
    start_lat: lat,
    start_lng: lng,
    features: { type: 'Point', coordinates: [lng, lat] },
    street: 'Main St',
    near_area: null,
    roadway_heading: 90,
    things_active: [],
    things_inactive: [],
    start_time: '2026-11-22T10:00:00.000Z',
    end_time: null,
    alert_message: INCIDENT_ALERT_MESSAGE,
    updated_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}
