/** Shapes a thing row into the asset wire format of the API. */
import type { Thing } from '@flare/core/schemas/thing';
import type { ServerStatus } from '@flare/core/status/thing-status';
import { buildDeviceConfiguration, type DeviceConfiguration } from '@flare/core/things/device-configuration';
import type { ThingDetailRow, ThingsRepository } from './things.repository';

/** Asset types allowed on closures: the road-work fleet. */
const CLOSURE_TYPES = new Set(['arrow_board', 'maintenance']);

export function toThingResponse(row: ThingDetailRow): Thing {
  return {
    id: row.id,
    external_id: row.device_id,
    haas_id: row.device_id,
    nickname: row.nickname,
    is_active: row.is_active,
    lat: row.lat,
    lng: row.lng,
    speed: row.speed,
    course: row.course,
    enroute: row.enroute,
    device_type: row.device_type,
    heartbeat_datetime: row.heartbeat_at?.toISOString() ?? null,
    thing_type: {
      id: row.thing_type_id,
      name: row.type_name,
      display_name: row.type_display_name,
      emergency: row.type_emergency,
    },
    thing_subtype:
      row.thing_subtype_id && row.subtype_name && row.subtype_display_name
        ? { id: row.thing_subtype_id, name: row.subtype_name, display_name: row.subtype_display_name }
        : null,
    thing_subtype_uuid: row.thing_subtype_id,
    location: row.incident_id ? { id: row.incident_id } : null,
    closures: [],
    registry_number: row.registry_number,
    vin_number: row.vin_number,
    license_plate_number: row.license_plate_number,
    in_service: row.in_service,
    is_publicly_alerting: row.is_publicly_alerting,
    organization: {
      id: row.organization_id,
      name: row.organization_name,
      organization_type: row.organization_type,
    },
    street: row.street,
    features: { r2r: row.r2r_enabled },
    hardware: row.hardware,
    organization_relationships: row.relationships.map((r) => ({
      organization_uuid: r.organization_id,
      organization_name: r.name,
      relationship_type: r.relationship_type,
    })),
    is_allowed_for_closures: CLOSURE_TYPES.has(row.type_name),
    is_allowed_for_test_mode: row.r2r_enabled,
    test_mode: row.test_mode,
    is_responder: row.type_emergency,
    is_integration_org: false,
    external_identifiers: row.identifiers.map((i) => ({
      identifier_id: i.identifier_id,
      system_name: i.system_name,
      is_deleted: false,
    })),
    wzdx_enabled: row.wzdx_enabled,
    status: row.status as ServerStatus,
    status_changed_at: row.status_changed_at.toISOString(),
    run_started_at: row.run_started_at?.toISOString() ?? null,
    run_alert_points: row.run_alert_points,
    alarm: row.alarm,
    alarm_raised_at: row.alarm_raised_at?.toISOString() ?? null,
    station_id: row.station_id,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The asset's device configuration document. */
export function toDeviceConfigurationResponse(
  row: Awaited<ReturnType<ThingsRepository['deviceConfiguration']>>,
): DeviceConfiguration {
  return buildDeviceConfiguration(
    { id: row.id, systemId: row.device_id },
    { deviceModel: row.device_model, ports: row.device_ports },
  );
}
