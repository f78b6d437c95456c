/**
 * How widely alerts went out, on a listening server: a partner's stream and vehicle connection are
 * listed as connected while open (and not after), an alert's first delivery to the stream and to a
 * vehicle is counted once (not again when it changes), per day in the organisation's time zone and
 * per alert; the organisation's admins see its partners, no one else's; a user who may not manage
 * integrations may not.
 */
import destination from '@turf/destination';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AlertPartners, AlertReach, VehicleAlertMessage } from '@flare/core/schemas/alert';
import { closurePayload } from '../../../test/closure-payload';
import { waitFor } from '../../../test/cable-consumer';
import { fixtures } from '../../../test/fixtures';
import { openStream } from '../../../test/sse-consumer';
import { createTestApp, listening, type TestApp } from '../../../test/test-app';
import { socketText } from '../../platform/websockets';

let t: TestApp;
let base: string;
let ADMIN: string;
let USER: string;
let OTHER_ADMIN: string;
let partnerKey: string;

/** The closure runs 1 km east from here. */
const START: [number, number] = [-89.65, 39.8];
const END = destination(START, 1_000, 90, { units: 'meters' }).geometry.coordinates as [number, number];
const west = (metres: number) => {
  const [lng, lat] = destination(START, metres, 270, { units: 'meters' }).geometry.coordinates as [
    number,
    number,
  ];
  return { lat, lng };
};

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  base = await listening(t);
  const build = fixtures(t);
  const police = (await build.organization()).id;
  ADMIN = (await build.user(police, 'ADMIN')).email;
  USER = (await build.user(police, 'USER')).email;
  OTHER_ADMIN = (await build.user((await build.organization()).id, 'ADMIN')).email;
  partnerKey = await build.apiKey(ADMIN, ['alerts:read']);
});
afterAll(() => t.close());

async function partners(email: string): Promise<{ status: number; body: AlertPartners }> {
  const response = await t.as(email).request('GET', '/api/alerts/partners');
  return { status: response.statusCode, body: response.json<AlertPartners>() };
}

async function reach(email: string, alertId: string): Promise<{ status: number; body: AlertReach }> {
  const response = await t.as(email).request('GET', `/api/alerts/${alertId}/reach`);
  return { status: response.statusCode, body: response.json<AlertReach>() };
}

async function vehicleConnection() {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/alerts/vehicles`, {
    headers: { 'x-api-key': partnerKey },
  });
  const received: VehicleAlertMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(socketText(data)) as VehicleAlertMessage));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return { socket, received };
}

describe('alert deliveries', () => {
  it("count each alert's first delivery to a partner's stream and vehicles, and list the partner while connected", async () => {
    const stream = await openStream(`${base}/api/alerts/stream`, { 'x-api-key': partnerKey });
    const vehicles = await vehicleConnection();
    vehicles.socket.send(
      JSON.stringify({ type: 'positions', vehicles: [{ id: 'car-1', ...west(800), heading: 90 }] }),
    );
    await stream.next((e) => e.event === 'alerts.snapshot', 'the snapshot');
    // (The vehicle connection is stored once its organisations are known: a moment after it opens.)
    await expect.poll(async () => (await partners(ADMIN)).body.connected.length).toBe(2);
    const listed = (await partners(ADMIN)).body.connected;
    expect(listed.map((c) => c.channel).sort()).toEqual(['stream', 'vehicles']);
    expect(listed.every((c) => /^Integration /.test(c.name))).toBe(true);
    await expect
      .poll(
        async () => (await partners(ADMIN)).body.connected.find((c) => c.channel === 'vehicles')?.vehicles,
      )
      .toBe(1);

    const created = await t.as(ADMIN).request(
      'POST',
      '/api/organization/closure',
      closurePayload({
        user_route: { type: 'LineString', coordinates: [START, END] },
        direction: 'E',
        is_active: true,
        end_time: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const alertId = `closure:${created.json<{ id: string }>().id}`;
    await stream.next((e) => e.event === 'alert.created', 'the closure on the stream');
    await waitFor(() => vehicles.received.some((m) => m.type === 'alert.relevant'), 'the closure for car-1');
    // A change is sent again, but it is not a new delivery.
    const updated = await t.as(ADMIN).request(
      'PUT',
      `/api/organization/closure/${created.json<{ id: string }>().id}`,
      closurePayload({
        user_route: { type: 'LineString', coordinates: [START, END] },
        direction: 'E',
        alert_message: 'Bridge closed: use 5th Street',
        is_active: true,
        end_time: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    await waitFor(
      () => vehicles.received.filter((m) => m.type === 'alert.relevant').length === 2,
      'the changed closure for car-1',
    );

    expect((await reach(ADMIN, alertId)).body).toEqual({
      alert_id: alertId,
      active: true,
      partners: 1,
      vehicles: 1,
    });
    expect((await reach(USER, alertId)).status).toBe(200);
    expect((await reach(OTHER_ADMIN, alertId)).status).toBe(404);
    const today = (await partners(ADMIN)).body.days.at(-1)!;
    expect(today).toMatchObject({ streams: 1, vehicles: 1 });
    expect((await partners(ADMIN)).body.days).toHaveLength(30);

    // Another organisation's admin sees none of it; a user who does not manage integrations may not look.
    const other = await partners(OTHER_ADMIN);
    expect(other.body.connected).toEqual([]);
    expect(other.body.days.every((d) => d.streams === 0 && d.vehicles === 0)).toBe(true);
    expect((await partners(USER)).status).toBe(403);

    stream.close();
    vehicles.socket.close();
    await expect.poll(async () => (await partners(ADMIN)).body.connected).toEqual([]);
  });
});
