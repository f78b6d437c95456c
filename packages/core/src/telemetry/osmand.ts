/**
 * The OsmAnd protocol as Traccar Client sends it: query or form parameters (`id`, `lat`, `lon`,
 * `timestamp` in seconds, milliseconds or ISO, `speed` in knots, `bearing`, `altitude`, `accuracy`,
 * `batt`) or, from newer Traccar Client versions, a JSON body `{ device_id, location: { timestamp,
 * coords: { latitude, longitude, speed (m/s), heading, altitude, accuracy }, battery: { level } } }`.
 * Flare's own extras: `alerting` (emergency lights on: 1/true) and `in_service` (0/1, true/false).
 */
import { KNOTS_TO_METRES_PER_SECOND, type IngestPointInput } from './ingest';

type Params = Record<string, unknown>;

/** Text of a scalar parameter; anything else (objects, arrays) reads as empty. */
const text = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

const number = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
};

const flag = (value: unknown): boolean | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'boolean') return value;
  return ['1', 'true', 'yes', 'on'].includes(text(value).toLowerCase());
};

/** Seconds, milliseconds or an ISO date, to epoch milliseconds (NaN when unreadable). */
export function parseTimestamp(value: unknown, now: number): number {
  if (value === undefined || value === null || value === '') return now;
  const numeric = number(value);
  if (numeric !== null && !Number.isNaN(numeric))
    return numeric < 1e12 ? Math.round(numeric * 1000) : Math.round(numeric);
  const parsed = Date.parse(text(value));
  return Number.isNaN(parsed) ? Number.NaN : parsed;
}

const first = (params: Params, ...names: string[]): unknown => {
  for (const name of names) if (params[name] !== undefined) return params[name];
  return undefined;
};

/** A report in Flare's ingest shape (not yet validated: NaN marks an unreadable number). */
export function fromOsmand(
  params: Params,
  now: number,
): Omit<IngestPointInput, 'timestamp'> & { timestamp: number } {
  const knots = number(first(params, 'speed'));
  const batt = number(first(params, 'batt', 'battery'));
  return {
    device_id: text(first(params, 'id', 'deviceid')),
    lat: number(first(params, 'lat')) ?? Number.NaN,
    lng: number(first(params, 'lon', 'lng')) ?? Number.NaN,
    timestamp: parseTimestamp(first(params, 'timestamp'), now),
    speed: knots === null ? null : knots * KNOTS_TO_METRES_PER_SECOND,
    course: number(first(params, 'bearing', 'heading', 'course')),
    altitude: number(first(params, 'altitude')),
    accuracy: number(first(params, 'accuracy', 'hdop')),
    battery: batt,
    alerting: flag(first(params, 'alerting', 'lights')) ?? false,
    in_service: flag(first(params, 'in_service')),
  };
}

interface TraccarJson {
  device_id?: unknown;
  location?: {
    timestamp?: unknown;
    coords?: Params;
    battery?: { level?: unknown };
    extras?: Params;
  };
}

export function isTraccarJson(body: unknown): body is TraccarJson {
  return typeof body === 'object' && body !== null && 'location' in body;
}

/** The JSON body of newer Traccar Client versions (speed already in m/s, battery level 0..1). */
export function fromTraccarJson(body: TraccarJson, now: number) {
  const coords = body.location?.coords ?? {};
  const extras = body.location?.extras ?? {};
  const level = number(body.location?.battery?.level);
  const speed = number(coords.speed);
  return {
    device_id: text(body.device_id),
    lat: number(coords.latitude) ?? Number.NaN,
    lng: number(coords.longitude) ?? Number.NaN,
    timestamp: parseTimestamp(body.location?.timestamp, now),
    speed: speed === null || speed < 0 ? null : speed,
    course: (() => {
      const heading = number(coords.heading);
      return heading === null || heading < 0 ? null : heading;
    })(),
    altitude: number(coords.altitude),
    accuracy: number(coords.accuracy),
    battery: level === null ? null : Math.round(level * 100),
    alerting: flag(extras.alerting) ?? false,
    in_service: flag(extras.in_service),
  };
}
