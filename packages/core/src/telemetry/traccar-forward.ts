/**
 * What a Traccar server forwards, mapped to Flare's report fields, so every device Traccar decodes
 * reports through Flare's one pipeline:
 * - position forwarding in its JSON form (`forward.type` json): `{ position, device }` per position;
 * - event forwarding (`event.forward.url`): `{ event, position, device }` per event.
 *
 * Traccar's position: `fixTime` (ISO), `valid`, `latitude`, `longitude`, `altitude` (m), `speed`
 * (knots), `course`, `accuracy` (m, 0 when unknown) and `attributes` (`batteryLevel` %, `charge`,
 * `ignition`, `motion`, `alarm`, `odometer` m, `driverUniqueId`, and whatever else the device's
 * protocol decodes: kept as attributes). The device: `uniqueId`, its identifier in Traccar.
 *
 * An event adds its meaning to the report of its position: an `alarm` event raises its alarm (`sos`
 * and the others) as Traccar Client's SOS does; `ignitionOn`/`ignitionOff` and
 * `deviceMoving`/`deviceStopped` set `ignition` and `motion`; every event's type is kept as the
 * report's `event` attribute. A Traccar event without a position (its own connection events such as
 * `deviceOffline`) tells nothing Flare does not work out from the reports itself: it makes no report.
 */
import { shown, type RawField, type RawReport, type ReportField } from './report';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const at = (name: string, value: unknown): RawField | undefined =>
  value === undefined || value === null ? undefined : { name, value };

/** Position attributes that are Flare fields; the others stay attributes. */
const ATTRIBUTE_FIELDS: Record<string, ReportField> = {
  batteryLevel: 'battery',
  charge: 'charging',
  alarm: 'alarm',
  driverUniqueId: 'driverUniqueId',
};

/** What an event of each type says about the asset, beyond its position. */
const EVENT_ATTRIBUTES: Record<string, Json> = {
  ignitionOn: { ignition: true },
  ignitionOff: { ignition: false },
  deviceMoving: { motion: true },
  deviceStopped: { motion: false },
};

/** A report refused before it is read, for a body that is not what Traccar forwards. */
const refused = (reason: string): RawReport => ({
  fields: {},
  attributes: {},
  speedUnit: 'knots',
  batteryUnit: 'percent',
  refusals: [reason],
});

/**
 * The raw report of one forwarded position or event, or null for an event without a position.
 * `credential`: the device credential the forwarding URL carries, which names the device instead of
 * Traccar's `uniqueId`.
 */
export function fromTraccarForward(body: unknown, credential: string | null = null): RawReport | null {
  if (!isObject(body)) return refused(`the body ${shown(body)} is not a forwarded position or event`);
  const { event, position, device } = body;
  if (event !== undefined && !isObject(event)) return refused(`event ${shown(event)} is not an event object`);
  if (position === undefined || position === null) {
    return event ? null : refused('position is missing');
  }
  if (!isObject(position)) return refused(`position ${shown(position)} is not a position object`);
  if (device !== undefined && !isObject(device))
    return refused(`device ${shown(device)} is not a device object`);

  const fields: Partial<Record<ReportField, RawField | undefined>> = {
    // Named even when absent, so a refusal says which field is missing.
    deviceId:
      credential !== null
        ? { name: 'credential', value: credential }
        : { name: 'device.uniqueId', value: device?.uniqueId },
    timestamp: at('position.fixTime', position.fixTime ?? position.deviceTime),
    lat: at('position.latitude', position.latitude),
    lng: at('position.longitude', position.longitude),
    valid: at('position.valid', position.valid),
    speed: at('position.speed', position.speed),
    course: at('position.course', position.course),
    altitude: at('position.altitude', position.altitude),
    // Traccar writes 0 when the device gave no accuracy.
    accuracy: position.accuracy === 0 ? undefined : at('position.accuracy', position.accuracy),
  };
  const attributes: Json = {};
  const positionAttributes = isObject(position.attributes) ? position.attributes : {};
  for (const [name, value] of Object.entries(positionAttributes)) {
    const field = ATTRIBUTE_FIELDS[name];
    if (field) fields[field] = at(`position.attributes.${name}`, value);
    else attributes[name] = value;
  }
  if (event) {
    const type = typeof event.type === 'string' ? event.type : undefined;
    const eventAttributes = isObject(event.attributes) ? event.attributes : {};
    if (type === 'alarm') fields.alarm = at('event.attributes.alarm', eventAttributes.alarm ?? 'general');
    Object.assign(attributes, type ? EVENT_ATTRIBUTES[type] : undefined, { event: type });
  }
  if (typeof position.protocol === 'string') attributes.protocol = position.protocol;
  return {
    fields: Object.fromEntries(Object.entries(fields).filter(([, field]) => field !== undefined)),
    attributes,
    speedUnit: 'knots',
    batteryUnit: 'percent',
  };
}
