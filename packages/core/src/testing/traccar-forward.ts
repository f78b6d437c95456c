/**
 * Bodies as a Traccar server's forwarders write them (PositionData and EventData serialised by
 * Jackson: dates as ISO text with an offset, speed in knots, nulls included), for tests and benchmarks
 * of Flare's Traccar forwarding (telemetry/traccar-forward.ts).
 */

/** A time `seconds` ago, as Jackson writes a java.util.Date. */
export const traccarTime = (seconds: number, now = Date.now()) =>
  new Date(Math.floor(now / 1000 - seconds) * 1000).toISOString().replace('Z', '+00:00');

/** A position fixed 30 s ago, with a Teltonika tracker's attributes; `overrides` replaces fields. */
export function traccarPosition(overrides: Record<string, unknown> = {}) {
  const fixTime = traccarTime(30);
  return {
    id: 81_532,
    attributes: {
      priority: 0,
      sat: 11,
      event: 240,
      ignition: true,
      motion: true,
      io69: 1,
      batteryLevel: 87,
      charge: false,
      odometer: 1_234_567,
      distance: 12.5,
      totalDistance: 9_876_543.2,
    },
    deviceId: 7,
    protocol: 'teltonika',
    serverTime: fixTime,
    deviceTime: fixTime,
    fixTime,
    outdated: false,
    valid: true,
    latitude: 39.7817,
    longitude: -89.6501,
    altitude: 181.0,
    speed: 19.438_461, // knots: 10 m/s
    course: 92.0,
    address: null,
    accuracy: 0.0,
    network: null,
    geofenceIds: null,
    ...overrides,
  };
}

export function traccarDevice(uniqueId: string) {
  return {
    id: 7,
    attributes: {},
    groupId: 0,
    calendarId: 0,
    name: 'Unit in Traccar',
    uniqueId,
    status: 'online',
    lastUpdate: traccarTime(30),
    positionId: 81_532,
    phone: null,
    model: 'FMC130',
    contact: null,
    category: 'car',
    disabled: false,
    expirationTime: null,
  };
}

export function traccarEvent(type: string, attributes: Record<string, unknown> = {}) {
  return {
    id: 4_411,
    attributes,
    deviceId: 7,
    type,
    eventTime: traccarTime(20),
    positionId: 81_533,
    geofenceId: 0,
    maintenanceId: 0,
  };
}
