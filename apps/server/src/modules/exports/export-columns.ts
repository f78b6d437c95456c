/**
 * The columns of each export type's CSV: the header and how each row's cells come from a database row.
 * Cells are plain values; the CSV writer turns times into ISO 8601 with the export's offset.
 */
import type { ExportType } from '@flare/core/schemas/export';
import type { AssetRow, ClosureRow, ExportRowOf, IncidentRow, PointRow } from './export-rows.repository';

export type Cell = string | number | boolean | Date | null;

/** What the cells of a row may look up: the chosen assets by id. */
export interface ColumnContext {
  assets: Map<string, { name: string; device_id: string }>;
}

interface Columns<R> {
  header: readonly string[];
  cells(row: R, context: ColumnContext): Cell[];
}

const minutesBetween = (from: Date | null, to: Date | null) =>
  from && to ? Math.round((to.getTime() - from.getTime()) / 600) / 100 : null;

const pointColumns: Columns<PointRow> = {
  header: [
    'asset_id',
    'asset_name',
    'device_id',
    'recorded_at',
    'received_at',
    'latitude',
    'longitude',
    'speed_mps',
    'course_deg',
    'altitude_m',
    'accuracy_m',
    'hdop',
    'battery_percent',
    'charging',
    'alerting',
    'in_service',
    'alarm',
    'driver_id',
    'valid',
    'accepted',
  ],
  cells: (p, { assets }) => {
    const asset = assets.get(p.thing_id);
    return [
      p.thing_id,
      asset?.name ?? null,
      asset?.device_id ?? null,
      p.recorded_at,
      p.received_at,
      p.lat,
      p.lng,
      p.speed,
      p.course,
      p.altitude,
      p.accuracy,
      p.hdop,
      p.battery,
      p.charging,
      p.alerting,
      p.in_service,
      p.alarm,
      p.driver_unique_id,
      p.valid,
      p.accepted,
    ];
  },
};

const incidentColumns: Columns<IncidentRow> = {
  header: [
    'incident_id',
    'incident_number',
    'start_time',
    'end_time',
    'duration_min',
    'latitude',
    'longitude',
    'street',
    'alert_message',
    'asset_id',
    'asset_name',
    'device_id',
    'arrived_at',
    'left_at',
    'on_scene_min',
  ],
  cells: (i, { assets }) => {
    const asset = i.thing_id ? assets.get(i.thing_id) : undefined;
    return [
      i.id,
      String(i.number),
      i.start_time,
      i.end_time,
      minutesBetween(i.start_time, i.end_time),
      i.lat,
      i.lng,
      i.street,
      i.alert_message,
      i.thing_id,
      asset?.name ?? null,
      asset?.device_id ?? null,
      i.arrived_at,
      i.left_at,
      minutesBetween(i.arrived_at, i.left_at),
    ];
  },
};

const assetColumns: Columns<AssetRow> = {
  header: [
    'asset_id',
    'asset_name',
    'device_id',
    'type',
    'subtype',
    'vin',
    'license_plate',
    'registry_number',
    'active',
    'publicly_alerting',
    'r2r_enabled',
    'wzdx_enabled',
    'status',
    'in_service',
    'enroute',
    'last_report_at',
    'position_at',
    'latitude',
    'longitude',
    'speed_mps',
    'course_deg',
    'street',
    'battery_percent',
    'charging',
    'alarm',
    'run_started_at',
  ],
  cells: (a) => [
    a.id,
    a.name,
    a.device_id,
    a.type,
    a.subtype,
    a.vin_number,
    a.license_plate_number,
    a.registry_number,
    a.is_active,
    a.is_publicly_alerting,
    a.r2r_enabled,
    a.wzdx_enabled,
    a.status,
    a.in_service,
    a.enroute,
    a.heartbeat_at,
    a.position_at,
    a.lat,
    a.lng,
    a.speed,
    a.course,
    a.street,
    a.battery,
    a.charging,
    a.alarm,
    a.run_started_at,
  ],
};

const closureColumns: Columns<ClosureRow> = {
  header: [
    'closure_id',
    'closure_type',
    'description',
    'alert_message',
    'active',
    'scheduled',
    'start_time',
    'end_time',
    'last_start_time',
    'direction',
    'impacted_lanes',
    'street_start',
    'street_end',
    'asset_id',
    'asset_name',
    'published_wzdx',
    'wzdx_id',
    'location_method',
    'vehicle_impact',
    'route_geojson',
    'created_at',
    'updated_at',
  ],
  cells: (c) => [
    c.id,
    c.closure_type,
    c.description,
    c.alert_message,
    c.is_active,
    c.is_scheduled,
    c.start_time,
    c.end_time,
    c.last_start_time,
    c.direction,
    c.impacted_lanes.join(' '),
    c.street_start,
    c.street_end,
    c.thing_id,
    c.asset_name,
    c.is_publish_on,
    c.external_id,
    c.location_method,
    c.vehicle_impact,
    JSON.stringify(c.route_path),
    c.created_at,
    c.updated_at,
  ],
};

const COLUMNS: { [T in ExportType]: Columns<ExportRowOf<T>> } = {
  point: pointColumns,
  incident: incidentColumns,
  thing: assetColumns,
  closure: closureColumns,
};

export function columnsOf<T extends ExportType>(type: T): Columns<ExportRowOf<T>> {
  return COLUMNS[type];
}
