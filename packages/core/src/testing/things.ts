/** Asset records for tests (server, web, benchmarks), in the wire format. */
import type { Thing } from '../schemas/thing';

let next = 0;

export function makeThing(overrides: Partial<Thing> = {}): Thing {
  next += 1;
  const id = `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`;
  return {
    id,
    external_id: `dev-${next}`,
    haas_id: `ha-${next}`,
    nickname: `Unit ${next}`,
    is_active: true,
    lat: 41.88,
    lng: -87.63,
    speed: 0,
    course: 0,
    enroute: false,
    device_type: 'osmand',
    heartbeat_datetime: new Date().toISOString(),
    thing_type: { id: 'type-police', name: 'police', display_name: 'Police', emergency: true },
    thing_subtype: null,
    thing_subtype_uuid: null,
    location: null,
    closures: [],
    registry_number: null,
    vin_number: null,
    license_plate_number: null,
    in_service: true,
    is_publicly_alerting: true,
    organization: { id: 'org-1', name: 'Metro Police', organization_type: 'police' },
    street: null,
    features: { r2r: false },
    hardware: null,
    organization_relationships: [],
    is_allowed_for_closures: false,
    is_allowed_for_test_mode: false,
    test_mode: false,
    is_responder: true,
    is_integration_org: false,
    external_identifiers: [],
    wzdx_enabled: false,
    status: 'standby',
    status_changed_at: new Date().toISOString(),
    run_started_at: null,
    run_alert_points: 0,
    station_id: null,
    alarm: null,
    alarm_raised_at: null,
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}
