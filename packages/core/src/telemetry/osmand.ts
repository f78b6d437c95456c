/**
 * The OsmAnd protocol as Traccar Client (Android, iOS) and Traccar's own decoder speak it, mapped to
 * Flare's report fields. Two shapes:
 * - parameters in the query string or a form body: `id`, `lat`, `lon` (or `location=lat,lon`),
 *   `timestamp` (seconds, milliseconds, ISO or `yyyy-MM-dd HH:mm:ss`), `speed` (knots), `bearing`,
 *   `altitude`, `accuracy`, `hdop`, `batt`, `charge`, `valid`, `alarm`, `driverUniqueId`, `cell`,
 *   `wifi`; Flare's own `alerting` and `in_service`; every other parameter is kept as an attribute;
 * - the JSON body of newer clients (the background-geolocation SDK): `{ device_id, location: {
 *   timestamp, coords: { latitude, longitude, speed (m/s), heading, accuracy, altitude }, battery: {
 *   level (0..1), is_charging }, alarm, extras, is_moving, odometer, event, activity } }`, where
 *   `location` may also be a list of such locations.
 */
import { MAX_BATCH_POINTS } from './ingest';
import { shown, type RawField, type RawReport, type ReportField } from './report';

/** OsmAnd parameter -> Flare field; the others become attributes. */
const OSMAND_FIELDS = new Map<string, ReportField>(
  Object.entries({
    id: 'deviceId',
    deviceid: 'deviceId',
    timestamp: 'timestamp',
    lat: 'lat',
    lon: 'lng',
    valid: 'valid',
    speed: 'speed',
    bearing: 'course',
    heading: 'course',
    altitude: 'altitude',
    accuracy: 'accuracy',
    hdop: 'hdop',
    batt: 'battery',
    charge: 'charging',
    alarm: 'alarm',
    driverUniqueId: 'driverUniqueId',
    alerting: 'alerting',
    lights: 'alerting',
    in_service: 'inService',
  } satisfies Record<string, ReportField>),
);

/** Parameters a device repeats for each of several: every value is kept, joined by `;`. */
const REPEATED = new Set(['cell', 'wifi']);

/**
 * The parameters of a query string or form body, the last value of a repeated one winning (as in
 * Traccar, which applies each value in turn), except the cell towers and wifi access points, which
 * Traccar keeps all of (`cell=a&cell=b` is `a;b`).
 */
export function osmandParams(params: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of params) {
    values[name] = REPEATED.has(name) && values[name] ? `${values[name]};${value}` : value;
  }
  return values;
}

/** Raw fields of an OsmAnd request's parameters. */
export function fromOsmandParams(params: Record<string, string>): RawReport {
  const fields: RawReport['fields'] = {};
  const attributes: Record<string, unknown> = {};
  const refusals: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === '') continue;
    const field = OSMAND_FIELDS.get(name);
    if (field) fields[field] = { name, value };
    else if (name === 'location') {
      // `location=lat,lon`: both coordinates in one parameter.
      const [lat, lon, ...rest] = value.split(',');
      if (rest.length === 0 && lon !== undefined) {
        fields.lat = { name, value: lat };
        fields.lng = { name, value: lon };
      } else refusals.push(`location ${JSON.stringify(value)} is not "lat,lon"`);
    } else attributes[name] = value;
  }
  return { fields, attributes, speedUnit: 'knots', batteryUnit: 'percent', refusals };
}

type Json = Record<string, unknown>;
const object = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const at = (name: string, value: unknown): RawField | undefined =>
  value === undefined ? undefined : { name, value };

/** Whether a JSON body is Traccar Client's (it has `location`). */
export function isTraccarJson(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'location' in body;
}

/**
 * Raw fields of each location in a Traccar Client JSON body (one, or a batch of them). A batch of
 * more locations than one request may hold (as many as the batch API takes) is one refused report.
 */
export function fromTraccarJson(body: unknown): RawReport[] {
  const root = object(body);
  const locations = Array.isArray(root.location) ? root.location : [root.location];
  if (locations.length > MAX_BATCH_POINTS) {
    return [
      refusedReport(
        `location holds ${locations.length} locations, more than the ${MAX_BATCH_POINTS} one request may`,
      ),
    ];
  }
  return locations.map((location) =>
    typeof location === 'object' && location !== null && !Array.isArray(location)
      ? fromTraccarLocation(root, location as Json)
      : refusedReport(`location ${shown(location)} is not a location object`),
  );
}

/** A report refused before it is read (its reason is the reader's only one). */
function refusedReport(reason: string): RawReport {
  return { fields: {}, attributes: {}, speedUnit: 'mps', batteryUnit: 'fraction', refusals: [reason] };
}

function fromTraccarLocation(root: Json, location: Json): RawReport {
  const coords = object(location.coords);
  const battery = object(location.battery);
  const extras = { ...object(root.extras), ...object(location.extras) };
  const { alarm: extraAlarm, alerting, in_service, ...otherExtras } = extras;
  const activity = object(location.activity).type;
  const fields: Partial<Record<ReportField, RawField | undefined>> = {
    deviceId: at('device_id', root.device_id),
    timestamp: at('location.timestamp', location.timestamp),
    lat: at('coords.latitude', coords.latitude),
    lng: at('coords.longitude', coords.longitude),
    speed: at('coords.speed', coords.speed),
    course: at('coords.heading', coords.heading),
    altitude: at('coords.altitude', coords.altitude),
    accuracy: at('coords.accuracy', coords.accuracy),
    battery: at('battery.level', battery.level),
    charging: at('battery.is_charging', battery.is_charging),
    alarm:
      location.alarm !== undefined ? at('location.alarm', location.alarm) : at('extras.alarm', extraAlarm),
    alerting: at('extras.alerting', alerting),
    inService: at('extras.in_service', in_service),
  };
  return {
    fields: Object.fromEntries(Object.entries(fields).filter(([, field]) => field !== undefined)),
    attributes: {
      ...otherExtras,
      event: location.event,
      motion: location.is_moving,
      odometer: location.odometer,
      mock: location.mock,
      activity,
    },
    speedUnit: 'mps',
    batteryUnit: 'fraction',
  };
}
