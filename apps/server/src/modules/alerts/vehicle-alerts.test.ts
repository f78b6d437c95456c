/**
 * Vehicles' alert connections (`/api/alerts/vehicles`, a WebSocket) on a listening server: an alert
 * reaches the vehicles it concerns (ahead, with the traffic, within reach) and no other, `alert.left`
 * when a vehicle passes it or it ends, one connection carrying several vehicles, nothing of another
 * organisation, and bad messages answered without closing the connection.
 */
import destination from '@turf/destination';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ALERT_MESSAGES, VEHICLE_ALERTS_PROTOCOL, type VehicleAlertMessage } from '@flare/core/schemas/alert';
import { waitFor } from '../../../test/cable-consumer';
import { fixtures } from '../../../test/fixtures';
import { socketText } from '../../platform/websockets';
import { createTestApp, listening, type TestApp } from '../../../test/test-app';

let t: TestApp;
let socketUrl: string;
let ADMIN: string;
let OTHER_ADMIN: string;
let partnerKey: string;
let otherKey: string;
const sockets: WebSocket[] = [];

/** The closure runs 1 km east from here, for eastbound traffic. */
const START: [number, number] = [-89.6501, 39.7817];
const END = destination(START, 1_000, 90, { units: 'meters' }).geometry.coordinates as [number, number];
const at = (metres: number, bearing: number) => {
  const [lng, lat] = destination(START, metres, bearing, { units: 'meters' }).geometry.coordinates as [
    number,
    number,
  ];
  return { lat, lng };
};

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  socketUrl = `${(await listening(t)).replace('http', 'ws')}/api/alerts/vehicles`;
  const build = fixtures(t);
  const police = (await build.organization()).id;
  const other = (await build.organization()).id;
  ADMIN = (await build.user(police, 'ADMIN')).email;
  OTHER_ADMIN = (await build.user(other, 'ADMIN')).email;
  partnerKey = await build.apiKey(ADMIN, ['alerts:read']);
  otherKey = await build.apiKey(OTHER_ADMIN, ['alerts:read']);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

interface Connection {
  received: VehicleAlertMessage[];
  send(message: unknown): void;
  next(test: (m: VehicleAlertMessage) => boolean, what: string): Promise<VehicleAlertMessage>;
}

async function connect(key: string): Promise<Connection> {
  const socket = new WebSocket(socketUrl, { headers: { 'x-api-key': key } });
  sockets.push(socket);
  const received: VehicleAlertMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(socketText(data)) as VehicleAlertMessage));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let seen = 0;
  return {
    received,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    async next(test, what) {
      await waitFor(() => received.slice(seen).some(test), what);
      const index = received.findIndex((m, i) => i >= seen && test(m));
      seen = index + 1;
      return received[index]!;
    },
  };
}

const positions = (...vehicles: Array<{ id: string; lat: number; lng: number; heading: number | null }>) => ({
  type: 'positions',
  vehicles,
});

async function switchClosure(id: string | null, on: boolean): Promise<string> {
  const body = {
    closure_type: 'manual',
    description: 'Bridge deck repair',
    alert_message: 'Bridge closed',
    direction: 'E',
    user_route: { type: 'LineString', coordinates: [START, END] },
    is_active: on,
    ...(on ? { end_time: new Date(Date.now() + 3_600_000).toISOString() } : {}),
  };
  const response = id
    ? await t.as(ADMIN).request('PUT', `/api/organization/closure/${id}`, body)
    : await t.as(ADMIN).request('POST', '/api/organization/closure', body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ id: string }>().id;
}

describe('a vehicle connection', () => {
  it('hears an alert for the vehicles it concerns only, until they pass it or it ends', async () => {
    const gateway = await connect(partnerKey);
    const stranger = await connect(otherKey);
    // Car A drives east towards the closure, car B west away from it, car C east on the far side.
    gateway.send(
      positions(
        { id: 'A', ...at(1_500, 270), heading: 90 },
        { id: 'B', ...at(1_500, 270), heading: 270 },
        { id: 'C', ...at(2_500, 90), heading: 90 },
      ),
    );
    stranger.send(positions({ id: 'S', ...at(1_500, 270), heading: 90 }));

    const closureId = await switchClosure(null, true);
    const relevant = await gateway.next((m) => m.type === 'alert.relevant', 'the closure for car A');
    expect(relevant).toMatchObject({
      vehicle_id: 'A',
      alert: { id: `closure:${closureId}`, type: 'road_closure', message: 'Bridge closed' },
    });
    expect((relevant as { distance_m: number }).distance_m).toBeGreaterThan(1_400);
    expect((relevant as { distance_m: number }).distance_m).toBeLessThan(1_600);

    // Car A drives through and out the far side: the closure is behind it.
    gateway.send(positions({ id: 'A', ...at(500, 90), heading: 90 }));
    gateway.send(positions({ id: 'A', ...at(1_600, 90), heading: 90 }));
    expect(await gateway.next((m) => m.type === 'alert.left', 'car A past the closure')).toEqual({
      type: 'alert.left',
      vehicle_id: 'A',
      alert_id: `closure:${closureId}`,
      reason: 'passed',
    });

    // A new car approaching hears it at once; switching the closure off ends it for the car.
    gateway.send(positions({ id: 'D', ...at(900, 270), heading: 85 }));
    await gateway.next((m) => m.type === 'alert.relevant' && m.vehicle_id === 'D', 'the closure for car D');
    await switchClosure(closureId, false);
    expect(await gateway.next((m) => m.type === 'alert.left', 'the closure switched off')).toMatchObject({
      vehicle_id: 'D',
      reason: 'ended',
    });

    const forB = gateway.received.filter((m) => 'vehicle_id' in m && ['B', 'C'].includes(m.vehicle_id));
    expect(forB).toEqual([]);
    expect(stranger.received).toEqual([]);
  });

  it('answers a message it does not understand, and goes on', async () => {
    const gateway = await connect(partnerKey);
    gateway.send('not json');
    expect(await gateway.next((m) => m.type === 'error', 'the error')).toEqual({
      type: 'error',
      message: ALERT_MESSAGES.vehicleMessage,
    });
    gateway.send(positions({ id: 'X', lat: 95, lng: 0, heading: 0 }));
    await gateway.next((m) => m.type === 'error', 'the second error');
    gateway.send({ type: 'forget', vehicle_ids: ['X'] });
    gateway.send(positions({ id: 'Y', ...at(10, 0), heading: null }));
    const closureId = await switchClosure(null, true);
    expect(await gateway.next((m) => m.type === 'alert.relevant', 'the closure around car Y')).toMatchObject({
      vehicle_id: 'Y',
      alert: { id: `closure:${closureId}` },
    });
    await switchClosure(closureId, false);
  });

  it('refuses a connection without an alerts-scoped key', async () => {
    const refused = (headers: Record<string, string>, protocols: string[] = []) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(socketUrl, protocols, { headers });
        socket.on('unexpected-response', (_, response) => resolve(response.statusCode ?? 0));
        socket.on('open', () => resolve(101));
      });
    expect(await refused({})).toBe(401);
    const assetsKey = await fixtures(t).apiKey(ADMIN, ['assets:read']);
    expect(await refused({ 'x-api-key': assetsKey })).toBe(403);
    expect(await refused({}, [VEHICLE_ALERTS_PROTOCOL, assetsKey])).toBe(403);
    expect(await refused({}, [VEHICLE_ALERTS_PROTOCOL, 'flk_revoked0000'])).toBe(401);
  });

  it("takes a browser's key or access token offered as a sub-protocol, and never echoes it", async () => {
    const open = (protocols: string[]) =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(socketUrl, protocols);
        sockets.push(socket);
        socket.once('open', () => resolve(socket)).once('error', reject);
      });
    const byKey = await open([VEHICLE_ALERTS_PROTOCOL, partnerKey]);
    expect(byKey.protocol).toBe(VEHICLE_ALERTS_PROTOCOL);
    const token = await t.as(ADMIN).token();
    const byToken = await open([VEHICLE_ALERTS_PROTOCOL, token]);
    expect(byToken.protocol).toBe(VEHICLE_ALERTS_PROTOCOL);

    const received: VehicleAlertMessage[] = [];
    byToken.on('message', (data) => received.push(JSON.parse(socketText(data)) as VehicleAlertMessage));
    byToken.send(JSON.stringify(positions({ id: 'phone', ...at(600, 270), heading: 90 })));
    const closureId = await switchClosure(null, true);
    // (The last test's closure may not have ended here yet: look for this one.)
    const forPhone = (m: VehicleAlertMessage) =>
      m.type === 'alert.relevant' && m.vehicle_id === 'phone' && m.alert.id === `closure:${closureId}`;
    await waitFor(() => received.some(forPhone), 'the closure for the phone');
    await switchClosure(closureId, false);
  });
});
