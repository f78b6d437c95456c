/**
 * The columns of each export type's CSV: the header and the SQL that writes each cell as text, so the
 * database formats every value (PostgreSQL then writes the CSV itself, see export-rows.repository.ts):
 * numbers in their shortest form, measurements rounded to what they mean (coordinates to 6 decimals,
 * about 0.1 m; speeds, courses, altitudes, accuracies and HDOP to 1), booleans as true/false, times
 * in ISO 8601 with milliseconds and the offset of the session's time zone (2026-11-30T04:00:00.000-06:00;
 * in UTC, ...Z). An empty cell is a missing value.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ExportType } from '@flare/core/schemas/export';

export type Cell = RawBuilder<string | null>;

export interface CsvColumn {
  header: string;
  /** The cell's value as text, from the tables of the export type's query (by their aliases). */
  cell: Cell;
}

/** What cells may need besides the row: the time zone and, for points, the segment's asset. */
export interface ColumnContext {
  timeZone: string;
  asset?: { name: string; device_id: string };
}

/** About 0.1 m on the ground. */
export const COORDINATE_DECIMALS = 6;
/** Speeds (m/s), courses (degrees), altitudes and accuracies (m), HDOP. */
export const MEASURE_DECIMALS = 1;

const text = (ref: string): Cell => sql`${sql.ref(ref)}::text`;
const value = (content: string | null | undefined): Cell => sql`${content ?? null}::text`;

/** A time in ISO 8601, in the session's time zone (the export's: set by the reader). */
const time = (ref: string, { timeZone }: ColumnContext): Cell =>
  sql`to_char(${sql.ref(ref)}, ${timeZone === 'UTC' ? 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"' : 'YYYY-MM-DD"T"HH24:MI:SS.MSTZH:TZM'})`;

/** A measurement rounded to `decimals`, in its shortest form (39.781234, 12.4, 12). */
const rounded = (ref: string, decimals: number): Cell =>
  sql`round(${sql.ref(ref)}::numeric, ${sql.lit(decimals)})::float8::text`;
const coordinate = (ref: string) => rounded(ref, COORDINATE_DECIMALS);
const measure = (ref: string) => rounded(ref, MEASURE_DECIMALS);

/** Minutes from one time to another, to two decimals (45, 12.5). */
const minutesBetween = (from: string, to: string): Cell =>
  sql`round((extract(epoch from ${sql.ref(to)} - ${sql.ref(from)}) / 60)::numeric, 2)::float8::text`;

const column = (header: string, cell: Cell): CsvColumn => ({ header, cell });

/** Points (`points as p`), one asset at a time. */
const pointColumns = (context: ColumnContext): CsvColumn[] => [
  column('asset_id', text('p.thing_id')),
  column('asset_name', value(context.asset?.name)),
  column('device_id', value(context.asset?.device_id)),
  column('recorded_at', time('p.recorded_at', context)),
  column('received_at', time('p.received_at', context)),
  column('latitude', coordinate('p.lat')),
  column('longitude', coordinate('p.lng')),
  column('speed_mps', measure('p.speed')),
  column('course_deg', measure('p.course')),
  column('altitude_m', measure('p.altitude')),
  column('accuracy_m', measure('p.accuracy')),
  column('hdop', measure('p.hdop')),
  column('battery_percent', text('p.battery')),
  column('charging', text('p.charging')),
  column('alerting', text('p.alerting')),
  column('in_service', text('p.in_service')),
  column('alarm', text('p.alarm')),
  column('driver_id', text('p.driver_unique_id')),
  column('valid', text('p.valid')),
  column('accepted', text('p.accepted')),
];

/** Incidents (`incidents as i`) with an asset's stint there (`incident_things as s`, `things as t`). */
const incidentColumns = (context: ColumnContext): CsvColumn[] => [
  column('incident_id', text('i.id')),
  column('incident_number', text('i.number')),
  column('start_time', time('i.start_time', context)),
  column('end_time', time('i.end_time', context)),
  column('duration_min', minutesBetween('i.start_time', 'i.end_time')),
  column('latitude', coordinate('i.lat')),
  column('longitude', coordinate('i.lng')),
  column('street', text('i.street')),
  // The saved area that titles an incident without a street (0: it lies inside the area).
  column('near_area', text('i.near_area_name')),
  column('near_area_distance_m', text('i.near_area_distance_m')),
  column('alert_message', text('i.alert_message')),
  column('asset_id', text('s.thing_id')),
  column('asset_name', sql`coalesce(t.nickname, t.device_id)`),
  column('device_id', text('t.device_id')),
  column('arrived_at', time('s.start_time', context)),
  column('left_at', time('s.end_time', context)),
  column('on_scene_min', minutesBetween('s.start_time', 's.end_time')),
];

/** Assets (`things as t`) with their type (`ty`), subtype (`sub`) and current state (`st`). */
const assetColumns = (context: ColumnContext): CsvColumn[] => [
  column('asset_id', text('t.id')),
  column('asset_name', sql`coalesce(t.nickname, t.device_id)`),
  column('device_id', text('t.device_id')),
  column('type', text('ty.display_name')),
  column('subtype', text('sub.display_name')),
  column('vin', text('t.vin_number')),
  column('license_plate', text('t.license_plate_number')),
  column('registry_number', text('t.registry_number')),
  column('active', text('t.is_active')),
  column('publicly_alerting', text('t.is_publicly_alerting')),
  column('r2r_enabled', text('t.r2r_enabled')),
  column('wzdx_enabled', text('t.wzdx_enabled')),
  column('status', text('st.status')),
  column('in_service', text('st.in_service')),
  column('enroute', text('st.enroute')),
  column('last_report_at', time('st.heartbeat_at', context)),
  column('position_at', time('st.position_at', context)),
  column('latitude', coordinate('st.lat')),
  column('longitude', coordinate('st.lng')),
  column('speed_mps', measure('st.speed')),
  column('course_deg', measure('st.course')),
  column('street', text('st.street')),
  column('battery_percent', text('st.battery')),
  column('charging', text('st.charging')),
  column('alarm', text('st.alarm')),
  column('run_started_at', time('st.run_started_at', context)),
];

/** Closures (`closures as c`) with their asset (`things as t`). */
const closureColumns = (context: ColumnContext): CsvColumn[] => [
  column('closure_id', text('c.id')),
  column('closure_type', text('c.closure_type')),
  column('description', text('c.description')),
  column('alert_message', text('c.alert_message')),
  column('active', text('c.is_active')),
  column('scheduled', text('c.is_scheduled')),
  column('start_time', time('c.start_time', context)),
  column('end_time', time('c.end_time', context)),
  column('last_start_time', time('c.last_start_time', context)),
  column('direction', text('c.direction')),
  // Lane numbers, space separated (1 2).
  column(
    'impacted_lanes',
    sql`(select string_agg(lane, ' ' order by n) from jsonb_array_elements_text(c.impacted_lanes) with ordinality as l(lane, n))`,
  ),
  column('street_start', text('c.street_start')),
  column('street_end', text('c.street_end')),
  column('asset_id', text('c.thing_id')),
  column('asset_name', sql`coalesce(t.nickname, t.device_id)`),
  column('published_wzdx', text('c.is_publish_on')),
  column('wzdx_id', text('c.external_id')),
  column('location_method', text('c.location_method')),
  column('vehicle_impact', text('c.vehicle_impact')),
  column('route_geojson', text('c.route_path')),
  column('created_at', time('c.created_at', context)),
  column('updated_at', time('c.updated_at', context)),
];

const COLUMNS: Record<ExportType, (context: ColumnContext) => CsvColumn[]> = {
  point: pointColumns,
  incident: incidentColumns,
  thing: assetColumns,
  closure: closureColumns,
};

export function columnsOf(type: ExportType, context: ColumnContext): CsvColumn[] {
  return COLUMNS[type](context);
}

/** The header row's names of an export type. */
export const headerOf = (type: ExportType): string[] =>
  columnsOf(type, { timeZone: 'UTC' }).map((column) => column.header);
