/**
 * The live transport against a real WebSocket server that speaks just enough ActionCable: frames are
 * parsed and merged, handed to the registered handlers as one batch a short window after the first,
 * and a reconnect makes them catch up; polling organisations open no socket.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { recordingHandler } from '../testing/live-handlers';
import { makeHeartbeat, makePoint } from '@flare/core/testing/live-messages';
import { makeThing } from '@flare/core/testing/things';
import { channelIdentifier } from './cable-client';
import { LiveRegistry } from './live-registry';
import { startLiveTransport, type LiveTransport } from './live-transport';

const BATCH_MS = 50;
/** The batches' hand-overs the transport has asked for, run when the test says. */
const heldBatches: Array<{ run: () => void; ms: number }> = [];

let server: WebSocketServer | null = null;
let transport: LiveTransport | null = null;

afterEach(async () => {
  transport?.stop();
  transport = null;
  heldBatches.length = 0;
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
});

/** A cable that confirms subscriptions; `commands` collects what clients sent. */
function startCable(onSubscribed: (socket: WebSocket, connection: number) => void = () => undefined) {
  const commands: Array<{ command: string; identifier: string }> = [];
  let connections = 0;
  const url = new Promise<string>((resolve) => {
    server = new WebSocketServer({ port: 0, handleProtocols: () => 'actioncable-v1-json' }, () => {
      const address = server!.address();
      resolve(`ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    });
    server.on('connection', (socket) => {
      connections += 1;
      const connection = connections;
      socket.send(JSON.stringify({ type: 'welcome' }));
      socket.on('message', (data: Buffer) => {
        const command = JSON.parse(data.toString()) as { command: string; identifier: string };
        commands.push(command);
        if (command.command !== 'subscribe') return;
        socket.send(JSON.stringify({ type: 'confirm_subscription', identifier: command.identifier }));
        onSubscribed(socket, connection);
      });
    });
  });
  return { url, commands, connections: () => connections };
}

function start(url: string, registry: LiveRegistry, polling = false) {
  transport = startLiveTransport({
    registry,
    organizationId: 'org-1',
    polling,
    permissions: [],
    feedUrl: url,
    token: () => 'token',
    onFeedStatus: () => undefined,
    onUnauthorized: () => undefined,
    batchMs: BATCH_MS,
    later: (run, ms) => heldBatches.push({ run, ms }),
    firstBackoffMs: 5,
  });
}

const send = (socket: WebSocket, message: object) =>
  socket.send(JSON.stringify({ identifier: channelIdentifier('org-1'), message }));

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('live transport against a socket server', () => {
  it('parses frames, drops what the schema refuses, merges a burst by key and hands it over as one batch', async () => {
    const thing = makeThing();
    let sent = false;
    const cable = startCable((socket) => {
      send(socket, makePoint('a', { lat: 1 }));
      send(socket, makeHeartbeat('a'));
      send(socket, { type: 'location', id: 'l-1' }); // a location missing its fields
      send(socket, { type: 'point', thing_id: 'b' }); // a point missing its fields
      send(socket, makePoint('a', { lat: 2 }));
      send(socket, { type: 'thing', thing });
      socket.send(JSON.stringify({ type: 'ping', message: 1 }), () => (sent = true));
    });
    const registry = new LiveRegistry();
    const positions = recordingHandler(['point', 'heartbeat']);
    const records = recordingHandler(['thing']);
    registry.register(positions.handler);
    registry.register(records.handler);
    start(await cable.url, registry);
    await until(() => sent);
    await new Promise((r) => setTimeout(r, 100)); // the frames on their way to the client

    // One hand-over asked for, the batch window after the first message; nothing handed over yet.
    expect(heldBatches.map(({ ms }) => ms)).toEqual([BATCH_MS]);
    expect(positions.log.batches).toEqual([]);
    heldBatches.shift()!.run();
    // The later point replaced the earlier one and moved behind the heartbeat.
    expect(positions.log.batches).toEqual([[makeHeartbeat('a'), makePoint('a', { lat: 2 })]]);
    expect(records.log.batches).toEqual([[{ type: 'thing', thing }]]);
    // Nothing more arrived: no further hand-over.
    expect(heldBatches).toEqual([]);
  });

  it('tells the features to catch up once the subscription is confirmed again after a drop', async () => {
    const cable = startCable((socket, connection) => {
      if (connection === 1) setTimeout(() => socket.close(), 20);
    });
    const registry = new LiveRegistry();
    const things = recordingHandler(['point']);
    registry.register(things.handler);
    start(await cable.url, registry);
    await until(() => things.log.calls.includes('catchUp'));
    expect(cable.connections()).toBe(2);
    expect(things.log.calls).toEqual(['catchUp']);
    expect(things.log.started).toHaveLength(1);
  });

  it('resubscribes on an organisation switch and the features load the new one', async () => {
    const cable = startCable();
    const registry = new LiveRegistry();
    const things = recordingHandler(['point']);
    registry.register(things.handler);
    start(await cable.url, registry);
    await until(() => cable.commands.length === 1);
    transport!.setOrganization('org-2');
    await until(() => cable.commands.length === 3);
    expect(cable.commands.map((c) => [c.command, JSON.parse(c.identifier).organization_id])).toEqual([
      ['subscribe', 'org-1'],
      ['unsubscribe', 'org-1'],
      ['subscribe', 'org-2'],
    ]);
    expect(things.log.calls[0]).toBe('setOrganization org-2');
  });

  it('opens no socket for a polling organisation: its features poll', async () => {
    const cable = startCable();
    const registry = new LiveRegistry();
    const things = recordingHandler(['point']);
    registry.register(things.handler);
    start(await cable.url, registry, true);
    await new Promise((r) => setTimeout(r, 100));
    expect(cable.connections()).toBe(0);
    expect(things.log.started).toEqual([{ organizationId: 'org-1', polling: true }]);
    transport!.stop();
    transport = null;
    expect(things.log.calls).toEqual(['stop']);
  });
});
