/**
 * Traccar Client compatibility: every request shape Traccar's own OsmAnd decoder takes, sent over real
 * HTTP to the OsmAnd listener, with what Flare must store. One row per shape (Android and iOS clients'
 * query strings, forms of any content type, the background-geolocation SDK's JSON), then refusals,
 * each naming the field and the value.
 */
import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { thingWithState } from '../../../test/thing-state';
import { buildOsmandServer } from './osmand-server';

let t: TestApp;
let osmand: FastifyInstance;
let port: number;
let devices = 0;
/** The police department the test's devices belong to. */
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  organizationId = (await fixtures(t).organization()).id;
  osmand = await buildOsmandServer(t.app.ingest, t.app.log, {
    ipRequestsPerMinute: t.app.config.ingestIpRequestsPerMinute,
  });
  await osmand.listen({ port: 0, host: '127.0.0.1' });
  const address = osmand.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await osmand.close();
  await t.close();
});

/**
 * A new asset of the police department; its device id unless one is given. A legacy device, so
 * requests name it by System Id (device credentials: device-credentials.test.ts).
 */
async function register(deviceId = `PROTO-${++devices}`): Promise<string> {
  return (await fixtures(t).asset(organizationId, { deviceId })).deviceId;
}

interface Sent {
  method?: 'GET' | 'POST';
  path: string;
  /** Content type of the body; null sends none at all. */
  type?: string | null;
  body?: string;
}

/** Sends a raw HTTP request (so a body can go without any content type) to the OsmAnd listener. */
function send({ method = 'POST', path, type = null, body }: Sent): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    if (type !== null) headers['content-type'] = type;
    if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const lastPoint = (deviceId: string) =>
  t.db
    .selectFrom('points')
    .innerJoin('things', 'things.id', 'points.thing_id')
    .selectAll('points')
    .where('things.device_id', '=', deviceId)
    .orderBy('points.id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

const nowS = () => Math.floor(Date.now() / 1000);
const KNOT = 0.514444;

/** A location as the background-geolocation SDK of newer Traccar Clients sends it. */
const sdkLocation = (extra: Record<string, unknown> = {}) => ({
  timestamp: new Date().toISOString(),
  uuid: 'c0a1e2d3',
  coords: { latitude: 39.781, longitude: -89.65, accuracy: 12, speed: 9.5, heading: 270, altitude: 180 },
  is_moving: true,
  odometer: 1234,
  activity: { type: 'in_vehicle', confidence: 100 },
  battery: { level: 0.42, is_charging: true },
  ...extra,
});

interface Row {
  shape: string;
  request: (deviceId: string) => Sent;
  /** What the newest stored point of the device must hold. */
  point?: Record<string, unknown>;
  /** Whether the report moved the asset to 39.781, -89.65 (a check-in only, otherwise). */
  moves: boolean;
  /** What the asset's live state must hold. */
  state?: Record<string, unknown>;
}

const query = (deviceId: string, params: string) => `/?id=${encodeURIComponent(deviceId)}&${params}`;
const fix = `lat=39.781&lon=-89.65&timestamp=${nowS()}`;

const ROWS: Row[] = [
  {
    shape: 'Android client: query string, POST, no body',
    request: (id) => ({
      path: query(id, `${fix}&speed=10&bearing=90&altitude=181&accuracy=6.5&batt=87&charge=true`),
    }),
    point: { speed: 10 * KNOT, course: 90, altitude: 181, accuracy: 6.5, battery: 87, charging: true },
    moves: true,
    state: { battery: 87, charging: true },
  },
  {
    shape: 'iOS client: query string with a fractional battery, GET',
    request: (id) => ({ method: 'GET', path: query(id, `${fix}&speed=0.0&bearing=-1&accuracy=5&batt=54.0`) }),
    point: { speed: 0, course: null, battery: 54 },
    moves: true,
  },
  {
    shape: 'a form body',
    request: (id) => ({
      path: '/',
      type: 'application/x-www-form-urlencoded',
      body: `id=${encodeURIComponent(id)}&${fix}&speed=5`,
    }),
    point: { speed: 5 * KNOT },
    moves: true,
  },
  {
    shape: 'a form body sent as text/plain',
    request: (id) => ({ path: '/', type: 'text/plain', body: `id=${encodeURIComponent(id)}&${fix}` }),
    moves: true,
  },
  {
    shape: 'a form body with no content type at all',
    request: (id) => ({ path: '/', body: `id=${encodeURIComponent(id)}&${fix}` }),
    moves: true,
  },
  {
    shape: 'SDK JSON (Traccar Client 9)',
    request: (id) => ({
      path: '/',
      type: 'application/json',
      body: JSON.stringify({ device_id: id, location: sdkLocation() }),
    }),
    point: {
      speed: 9.5,
      course: 270,
      accuracy: 12,
      battery: 42,
      charging: true,
      attributes: { motion: true, odometer: 1234, activity: 'in_vehicle' },
    },
    moves: true,
  },
  {
    shape: 'SDK JSON with an unknown battery level (-1) and speed (-1)',
    request: (id) => ({
      path: '/',
      type: 'application/json',
      body: JSON.stringify({
        device_id: id,
        location: sdkLocation({
          battery: { level: -1, is_charging: false },
          coords: { latitude: 39.781, longitude: -89.65, accuracy: 8, speed: -1, heading: -1, altitude: 0 },
        }),
      }),
    }),
    point: { battery: null, speed: null, course: null, charging: false },
    moves: true,
  },
  {
    shape: 'SDK JSON with a batch of locations',
    request: (id) => ({
      path: '/',
      type: 'application/json',
      body: JSON.stringify({
        device_id: id,
        location: [sdkLocation({ timestamp: new Date(Date.now() - 10_000).toISOString() }), sdkLocation()],
      }),
    }),
    moves: true,
  },
  {
    shape: 'SOS alarm in the query string',
    request: (id) => ({ path: query(id, `${fix}&alarm=sos`) }),
    point: { alarm: 'sos' },
    moves: true,
    state: { alarm: 'sos' },
  },
  {
    shape: 'SOS alarm in SDK JSON location.extras',
    request: (id) => ({
      path: '/',
      type: 'application/json',
      body: JSON.stringify({ device_id: id, location: sdkLocation({ extras: { alarm: 'sos' } }) }),
    }),
    point: { alarm: 'sos' },
    moves: true,
    state: { alarm: 'sos' },
  },
  {
    shape: 'SOS alarm in JSON extras beside the location',
    request: (id) => ({
      path: '/',
      type: 'application/json',
      body: JSON.stringify({ device_id: id, location: sdkLocation(), extras: { alarm: 'sos' } }),
    }),
    state: { alarm: 'sos' },
    moves: true,
  },
  {
    shape: 'location=lat,lon',
    request: (id) => ({ path: query(id, `location=39.781,-89.65&timestamp=${nowS()}`) }),
    moves: true,
  },
  {
    shape: 'a heartbeat: only the id',
    request: (id) => ({ path: query(id, '') }),
    point: { lat: null, lng: null, accepted: false },
    moves: false,
  },
  {
    shape: 'a heartbeat with cell and wifi data but no coordinates',
    request: (id) => ({
      path: query(id, `timestamp=${nowS()}&cell=310,410,1234,5678&wifi=a0-b1-c2-d3-e4-f5,-61`),
    }),
    point: { lat: null, attributes: { cell: '310,410,1234,5678', wifi: 'a0-b1-c2-d3-e4-f5,-61' } },
    moves: false,
  },
  {
    shape: 'SDK JSON without coords (a heartbeat)',
    request: (id) => ({
      path: '/',
      type: 'application/json',
      body: JSON.stringify({
        device_id: id,
        location: { timestamp: new Date().toISOString(), event: 'heartbeat' },
      }),
    }),
    point: { lat: null, attributes: { event: 'heartbeat' } },
    moves: false,
  },
  {
    shape: 'valid=0: kept as history, does not move the asset',
    request: (id) => ({ path: query(id, `${fix}&valid=0`) }),
    point: { lat: 39.781, valid: false, accepted: false },
    moves: false,
  },
  {
    shape: 'valid=false',
    request: (id) => ({ path: query(id, `${fix}&valid=false`) }),
    point: { valid: false, accepted: false },
    moves: false,
  },
  {
    shape: 'hdop is its own value, not an accuracy',
    request: (id) => ({ path: query(id, `${fix}&hdop=250`) }),
    point: { hdop: 250, accuracy: null, accepted: true },
    moves: true,
  },
  {
    shape: 'driverUniqueId and other parameters',
    request: (id) => ({
      path: query(id, `${fix}&driverUniqueId=D-4711&ignition=true&temp1=21.5&mode=patrol`),
    }),
    point: { driver_unique_id: 'D-4711', attributes: { ignition: true, temp1: 21.5, mode: 'patrol' } },
    moves: true,
  },
  {
    shape: 'any path on the OsmAnd port',
    request: (id) => ({ path: `/gps/report.php?id=${encodeURIComponent(id)}&${fix}` }),
    moves: true,
  },
  {
    shape: 'a repeated parameter takes its last value',
    request: (id) => ({ path: query(id, `lat=1&lon=2&${fix}&speed=3&speed=4`) }),
    point: { lat: 39.781, speed: 4 * KNOT },
    moves: true,
  },
  {
    shape: 'a timestamp as yyyy-MM-dd HH:mm:ss',
    request: (id) => ({
      path: query(
        id,
        `lat=39.781&lon=-89.65&timestamp=${encodeURIComponent(new Date().toISOString().slice(0, 19).replace('T', ' '))}`,
      ),
    }),
    moves: true,
  },
];

describe('Traccar Client request shapes', () => {
  it.each(ROWS)('$shape', async (row) => {
    const deviceId = await register();
    const response = await send(row.request(deviceId));
    expect(response.status, response.text).toBe(200);
    const point = await lastPoint(deviceId);
    if (row.point) {
      for (const [field, value] of Object.entries(row.point)) {
        if (typeof value === 'number')
          expect(point[field as keyof typeof point], field).toBeCloseTo(value, 4);
        else expect(point[field as keyof typeof point], field).toEqual(value);
      }
    }
    const state = await thingWithState(t.db, deviceId);
    expect(state.heartbeat_at, 'a report is a check-in').not.toBeNull();
    if (row.moves) expect([state.lat, state.lng]).toEqual([39.781, -89.65]);
    else expect([state.lat, state.lng]).toEqual([null, null]);
    if (row.state) expect(state).toMatchObject(row.state);
  });

  it('compares device ids after NFC normalisation', async () => {
    // Registered composed (é as one code point); the device sends it decomposed (e + accent).
    await register('CAF\u00c9-1');
    const response = await send({ path: `/?id=${encodeURIComponent('CAFE\u0301-1')}&${fix}` });
    expect(response.status, response.text).toBe(200);
    expect((await thingWithState(t.db, 'CAF\u00c9-1')).lat).toBe(39.781);
  });

  it('keeps the SOS raised on later reports without one', async () => {
    const deviceId = await register();
    expect((await send({ path: query(deviceId, `${fix}&alarm=sos`) })).status).toBe(200);
    expect(
      (await send({ path: query(deviceId, `lat=39.782&lon=-89.65&timestamp=${nowS() + 1}`) })).status,
    ).toBe(200);
    const state = await thingWithState(t.db, deviceId);
    expect([state.alarm, state.lat]).toEqual(['sos', 39.782]);
    expect(state.alarm_raised_at).not.toBeNull();
  });
});

describe('refusals name the field and the value', () => {
  it.each([
    [
      'an unreadable timestamp',
      (id: string) => query(id, 'lat=1&lon=1&timestamp=abc'),
      'timestamp "abc" is not a time',
    ],
    ['an unreadable latitude', (id: string) => query(id, 'lat=north&lon=1'), 'lat "north" is not a number'],
    [
      'hexadecimal coordinates (decimal only)',
      (id: string) => query(id, 'lat=0x10&lon=0x1F'),
      'lat "0x10" is not a number; lon "0x1F" is not a number',
    ],
    [
      'a latitude out of range',
      (id: string) => query(id, 'lat=91&lon=1'),
      'lat "91" is out of range (-90 to 90)',
    ],
    ['a malformed location', (id: string) => query(id, 'location=39.7'), 'location "39.7" is not "lat,lon"'],
    ['an unreadable speed', (id: string) => query(id, `${fix}&speed=fast`), 'speed "fast" is not a number'],
    [
      'a time far in the future',
      (id: string) => query(id, `lat=1&lon=1&timestamp=${nowS() + 3600}`),
      `is more than 5 minutes in the future`,
    ],
    ['a missing id', () => `/?${fix}`, 'id is missing'],
    ['an unknown device', () => `/?id=NOPE-77&${fix}`, 'unknown device id "NOPE-77"'],
  ])('refuses %s', async (_case, path, reason) => {
    const deviceId = await register();
    const before = await t.db
      .selectFrom('points')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await send({ path: path(deviceId) });
    expect(response.status).toBe(400);
    expect(response.text).toContain(reason);
    const after = await t.db
      .selectFrom('points')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses other parameters over 4 KB, saying so', async () => {
    const deviceId = await register();
    const response = await send({ path: query(deviceId, `${fix}&note=${'x'.repeat(5000)}`) });
    expect(response.status).toBe(400);
    expect(response.text).toMatch(/other parameters \(note\) are \d+ bytes, more than the 4096 allowed/);
  });

  it.each([
    ['text', '"x"'],
    ['lists in lists', '[[[[1]]]]'],
  ])('refuses a JSON body whose location is %s, not a location object', async (_case, location) => {
    const deviceId = await register();
    const response = await send({
      path: '/',
      type: 'application/json',
      body: `{"device_id":${JSON.stringify(deviceId)},"location":${location}}`,
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain('is not a location object');
    expect((await thingWithState(t.db, deviceId)).heartbeat_at).toBeNull();
  });

  it('refuses a NUL character in a text field', async () => {
    const deviceId = await register();
    const response = await send({ path: query(deviceId, `${fix}&alarm=s%00s`) });
    expect(response.status).toBe(400);
    expect(response.text).toContain('alarm "s\\u0000s" contains a NUL character');
  });
});

describe('the listener log', () => {
  it('keeps warnings and errors only, and is silent when the server is', async () => {
    const listenerLevel = async (level: string) => {
      const server = Fastify({ logger: { level } });
      const listener = await buildOsmandServer(t.app.ingest, server.log, { ipRequestsPerMinute: 0 });
      await Promise.all([listener.close(), server.close()]);
      return listener.log.level;
    };
    expect(await listenerLevel('silent')).toBe('silent');
    expect(await listenerLevel('debug')).toBe('warn');
    expect(await listenerLevel('error')).toBe('error');
  });
});
