/**
 * One device report as Flare stores it, whatever protocol brought it (OsmAnd / Traccar Client, the
 * JSON batch API, MQTT), and the one reader that turns a protocol's raw fields into it. A refusal
 * names the field as the device sent it and the value it sent: `timestamp "abc" is not a time`.
 * Nothing it accepts can fail the database write (text is checked with text.ts).
 */
import { DEVICE_ID_MAX } from '../schemas/thing';
import { normalizeText, unstorableText } from '../text';

/** Reports dated more than this far ahead of the server clock are refused. */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
/** Extra parameters are kept with the report up to this size (as JSON). */
export const ATTRIBUTES_MAX_BYTES = 4096;
export const ALARM_MAX = 64;
export const DRIVER_ID_MAX = 100;
export const KNOTS_TO_METRES_PER_SECOND = 0.514444;
/** Numeric timestamps below this are seconds, from it on milliseconds (as Traccar reads them). */
const SECONDS_LIMIT = 2_147_483_647;

export type AttributeValue = string | number | boolean;

export interface DeviceReport {
  /** Trimmed and NFC-normalised, so ids typed on different keyboards compare equal. */
  deviceId: string;
  /** Epoch milliseconds: when the device took the fix (or checked in). */
  recordedAt: number;
  /** Null: a check-in without a position (a heartbeat, or only cell and wifi data). */
  position: { lat: number; lng: number } | null;
  /** False when the device marked the fix invalid: kept as history, never moves the asset. */
  valid: boolean;
  /** Metres per second. */
  speed: number | null;
  /** Degrees from north, 0 to 360. */
  course: number | null;
  altitude: number | null;
  /** Metres. */
  accuracy: number | null;
  /** Horizontal dilution of precision, as the device reports it (not an accuracy in metres). */
  hdop: number | null;
  /** Percent. */
  battery: number | null;
  charging: boolean | null;
  /** Emergency lights on (Flare's own parameter). */
  alerting: boolean;
  /** Absent: the asset's in-service flag stays as it is. */
  inService: boolean | null;
  /** An alarm the device raised, e.g. `sos`. */
  alarm: string | null;
  driverUniqueId: string | null;
  /** Every other parameter the device sent, at most ATTRIBUTES_MAX_BYTES as JSON. */
  attributes: Record<string, AttributeValue> | null;
}

export type ReportField =
  | 'deviceId'
  | 'timestamp'
  | 'lat'
  | 'lng'
  | 'valid'
  | 'speed'
  | 'course'
  | 'altitude'
  | 'accuracy'
  | 'hdop'
  | 'battery'
  | 'charging'
  | 'alerting'
  | 'inService'
  | 'alarm'
  | 'driverUniqueId';

/** A value as the device sent it, under the name it used. */
export interface RawField {
  name: string;
  value: unknown;
}

/** What a protocol adapter hands the reader: Flare's fields under the device's names, and the rest. */
export interface RawReport {
  fields: Partial<Record<ReportField, RawField>>;
  attributes: Record<string, unknown>;
  /** OsmAnd sends knots; the JSON protocols metres per second. */
  speedUnit: 'knots' | 'mps';
  /** OsmAnd's `batt` is a percentage; Traccar's JSON `battery.level` a fraction (below 0: unknown). */
  batteryUnit: 'percent' | 'fraction';
  /** What the adapter itself could not read (a parameter of the wrong shape). */
  refusals?: string[];
}

/** A refused report: its reasons, and whether only its time was too far ahead (counted apart). */
export type ReadResult =
  { ok: true; report: DeviceReport } | { ok: false; reasons: string[]; kind: 'invalid' | 'future_timestamp' };

/** How a value is shown in a refusal: strings quoted, at most 40 characters. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const cut = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return typeof value === 'string' ? JSON.stringify(cut) : cut;
}

const absent = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Numbers in text are decimal only, as Traccar's decoders read them: not `0x10`, `0b1`, `Infinity`. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);

/** Flags read leniently, as Traccar does: true, 1, yes, on are true; anything else is false. */
function flag(value: unknown): boolean | null {
  if (absent(value)) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return TRUE_WORDS.has(String(value).trim().toLowerCase());
}

/** Reads one report's fields, collecting a reason for every field it cannot take. */
class FieldReader {
  readonly reasons: string[] = [];
  /** Whether the time was refused only for being too far ahead. */
  future = false;

  constructor(private readonly raw: RawReport) {}

  private field(key: ReportField): RawField | undefined {
    const field = this.raw.fields[key];
    return field && !absent(field.value) ? field : undefined;
  }

  refuse(reason: string): null {
    this.reasons.push(reason);
    return null;
  }

  number(key: ReportField, range?: { min: number; max: number }): number | null {
    const field = this.field(key);
    if (!field) return null;
    const value =
      typeof field.value === 'number'
        ? field.value
        : typeof field.value === 'string' && DECIMAL.test(field.value.trim())
          ? Number(field.value.trim())
          : Number.NaN;
    if (!Number.isFinite(value)) return this.refuse(`${field.name} ${shown(field.value)} is not a number`);
    if (range && (value < range.min || value > range.max))
      return this.refuse(
        `${field.name} ${shown(field.value)} is out of range (${range.min} to ${range.max})`,
      );
    return value;
  }

  /** A number where a negative value means "unknown", as devices send -1. */
  optionalNumber(key: ReportField): number | null {
    const value = this.number(key);
    return value !== null && value < 0 ? null : value;
  }

  flag(key: ReportField): boolean | null {
    return flag(this.field(key)?.value);
  }

  text(key: ReportField, max: number): string | null {
    const field = this.field(key);
    if (!field) return null;
    const raw = field.value;
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean')
      return this.refuse(`${field.name} ${shown(raw)} is not text`);
    const value = normalizeText(String(raw));
    if (value.length > max)
      return this.refuse(`${field.name} ${shown(value)} is longer than ${max} characters`);
    const problem = unstorableText(value);
    return problem ? this.refuse(`${field.name} ${shown(value)} ${problem}`) : value;
  }

  /** Seconds or milliseconds since 1970, an ISO date, or `yyyy-MM-dd HH:mm:ss` (UTC); absent: now. */
  time(now: number): number {
    const field = this.field('timestamp');
    if (!field) return now;
    const at = parseTime(field.value);
    if (at === null) return this.refuse(`${field.name} ${shown(field.value)} is not a time`) ?? now;
    if (at <= 0) return this.refuse(`${field.name} ${shown(field.value)} is before 1970`) ?? now;
    if (at > now + MAX_FUTURE_SKEW_MS) {
      this.future = true;
      return this.refuse(`${field.name} ${shown(field.value)} is more than 5 minutes in the future`) ?? now;
    }
    return at;
  }
}

/** Epoch milliseconds of a timestamp as devices send them, or null when it is not a time. */
export function parseTime(value: unknown): number | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value))) {
    const numeric = Number(value);
    if (!Number.isFinite(numeric)) return null;
    const ms = Math.round(numeric < SECONDS_LIMIT ? numeric * 1000 : numeric);
    return Number.isNaN(new Date(ms).getTime()) ? null : ms;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const iso = text.includes('T')
    ? text
    : /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)
      ? `${text.replace(' ', 'T')}Z`
      : null;
  if (iso === null) return null;
  const parsed = Date.parse(iso);
  return Number.isNaN(parsed) ? null : parsed;
}

/** Extra parameters as stored: numbers, booleans and text; nested values are dropped. */
function attributesOf(
  raw: Record<string, unknown>,
  reader: FieldReader,
): Record<string, AttributeValue> | null {
  const kept: Record<string, AttributeValue> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (absent(value)) continue;
    const nameProblem = unstorableText(name);
    if (nameProblem) return reader.refuse(`the parameter name ${shown(name)} ${nameProblem}`);
    if (typeof value === 'number' || typeof value === 'boolean') kept[name] = value;
    else if (typeof value === 'string') {
      const problem = unstorableText(value);
      if (problem) return reader.refuse(`${name} ${shown(value)} ${problem}`);
      const numeric = Number(value);
      kept[name] =
        value === 'true'
          ? true
          : value === 'false'
            ? false
            : value.trim() !== '' && Number.isFinite(numeric)
              ? numeric
              : value;
    }
  }
  const names = Object.keys(kept);
  if (names.length === 0) return null;
  const bytes = new TextEncoder().encode(JSON.stringify(kept)).length;
  if (bytes > ATTRIBUTES_MAX_BYTES)
    return reader.refuse(
      `the other parameters (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}) are ${bytes} bytes, more than the ${ATTRIBUTES_MAX_BYTES} allowed`,
    );
  return kept;
}

/** Turns a protocol's raw fields into a report, or every reason it cannot be taken. */
export function readReport(raw: RawReport, now: number): ReadResult {
  const read = new FieldReader(raw);
  for (const refusal of raw.refusals ?? []) read.refuse(refusal);
  const refusedBefore = read.reasons.length;
  const deviceId = read.text('deviceId', DEVICE_ID_MAX);
  if (deviceId === null && read.reasons.length === refusedBefore)
    read.refuse(`${raw.fields.deviceId?.name ?? 'id'} is missing`);
  const recordedAt = read.time(now);
  const lat = read.number('lat', { min: -90, max: 90 });
  const lng = read.number('lng', { min: -180, max: 180 });
  const knots = raw.speedUnit === 'knots';
  const speed = read.optionalNumber('speed');
  const course = read.optionalNumber('course');
  const battery = read.optionalNumber('battery');
  const report: DeviceReport = {
    deviceId: deviceId ?? '',
    recordedAt,
    // Only both coordinates make a position; without them the report is a check-in (as in Traccar).
    position: lat !== null && lng !== null ? { lat, lng } : null,
    valid: read.flag('valid') ?? true,
    speed: speed === null ? null : knots ? speed * KNOTS_TO_METRES_PER_SECOND : speed,
    course: course === null ? null : course % 360,
    altitude: read.number('altitude'),
    accuracy: read.optionalNumber('accuracy'),
    hdop: read.optionalNumber('hdop'),
    battery: battery === null ? null : raw.batteryUnit === 'fraction' ? Math.round(battery * 100) : battery,
    charging: read.flag('charging'),
    alerting: read.flag('alerting') ?? false,
    inService: read.flag('inService'),
    alarm: read.text('alarm', ALARM_MAX),
    driverUniqueId: read.text('driverUniqueId', DRIVER_ID_MAX),
    attributes: attributesOf(raw.attributes, read),
  };
  if (read.reasons.length === 0) return { ok: true, report };
  const onlyFuture = read.future && read.reasons.length === 1;
  return { ok: false, reasons: read.reasons, kind: onlyFuture ? 'future_timestamp' : 'invalid' };
}
