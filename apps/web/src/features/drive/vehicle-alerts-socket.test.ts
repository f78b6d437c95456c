/**
 * The driver view's connection against a real WebSocket server: the credential offered as a second
 * sub-protocol, the position sent at once and at each move, alerts held from `alert.relevant` to
 * `alert.left`, a dropped connection coming back with the last position (what concerned the vehicle
 * heard again), and a refused one not tried again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Alert } from '@flare/core/schemas/alert';
import { VEHICLE_ALERTS_PROTOCOL } from '@flare/core/schemas/alert';
import {
  openVehicleAlerts,
  THIS_VEHICLE,
  type DriveConnectionStatus,
  type VehicleAlerts,
} from './vehicle-alerts-socket';

let server: WebSocketServer | null = null;
let connection: VehicleAlerts | null = null;

afterEach(async () => {
  connection?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
});

interface Peer {
  socket: WebSocket;
  protocols: string[];
  received: unknown[];
}

function startServer(peers: Peer[], accept = true): Promise<string> {
  return new Promise((resolve) => {
    server = new WebSocketServer(
      { port: 0, handleProtocols: () => VEHICLE_ALERTS_PROTOCOL, verifyClient: () => accept },
      () => {
        const address = server!.address();
        resolve(`ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      },
    );
    server.on('connection', (socket, request) => {
      const peer: Peer = {
        socket,
        protocols: String(request.headers['sec-websocket-protocol'])
          .split(',')
          .map((p) => p.trim()),
        received: [],
      };
      socket.on('message', (data: Buffer) => peer.received.push(JSON.parse(data.toString())));
      peers.push(peer);
    });
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

const ALERT = {
  id: 'hazard:00000000-0000-4000-8000-000000000001',
  type: 'hazard',
  message: 'Debris on the road',
} as Alert;
const HERE = { lat: 39.78, lng: -89.66, heading: 90 };

describe('the driver view connection', () => {
  it('offers its credential, sends its position, and holds the alerts the server says concern it', async () => {
    const peers: Peer[] = [];
    const url = await startServer(peers);
    let alerts: Alert[] = [];
    const statuses: DriveConnectionStatus[] = [];
    connection = openVehicleAlerts({
      url,
      credential: () => 'flk_partner',
      onAlerts: (next) => (alerts = next),
      onStatus: (status) => statuses.push(status),
      whyRefused: () => Promise.resolve(null),
    });
    connection.move(HERE);
    await until(() => peers[0]?.received.length === 1);
    expect(peers[0]!.protocols).toEqual([VEHICLE_ALERTS_PROTOCOL, 'flk_partner']);
    expect(peers[0]!.received[0]).toEqual({ type: 'positions', vehicles: [{ id: THIS_VEHICLE, ...HERE }] });

    peers[0]!.socket.send(
      JSON.stringify({ type: 'alert.relevant', vehicle_id: THIS_VEHICLE, alert: ALERT, distance_m: 400 }),
    );
    await until(() => alerts.length === 1);
    peers[0]!.socket.send(
      JSON.stringify({ type: 'alert.left', vehicle_id: THIS_VEHICLE, alert_id: ALERT.id, reason: 'passed' }),
    );
    await until(() => alerts.length === 0);

    // Dropped: it comes back, says where it is again, and forgets what the old connection said.
    peers[0]!.socket.send(
      JSON.stringify({ type: 'alert.relevant', vehicle_id: THIS_VEHICLE, alert: ALERT, distance_m: 400 }),
    );
    await until(() => alerts.length === 1);
    peers[0]!.socket.terminate();
    await until(() => statuses.includes('reconnecting'));
    await until(() => peers[1]?.received.length === 1);
    expect(peers[1]!.received[0]).toEqual({ type: 'positions', vehicles: [{ id: THIS_VEHICLE, ...HERE }] });
    expect(alerts).toEqual([]);
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('stops trying once the server says why it refused', async () => {
    const peers: Peer[] = [];
    const url = await startServer(peers, false);
    let refusal: string | undefined;
    let asked = 0;
    connection = openVehicleAlerts({
      url,
      credential: () => 'flk_revoked',
      onAlerts: () => undefined,
      onStatus: (status, reason) => {
        if (status === 'refused') refusal = reason;
      },
      whyRefused: () => {
        asked += 1;
        return Promise.resolve('The API key is not valid');
      },
    });
    await until(() => refusal !== undefined);
    expect(refusal).toBe('The API key is not valid');
    expect(asked).toBe(1);
    expect(peers).toEqual([]);
  });
});
