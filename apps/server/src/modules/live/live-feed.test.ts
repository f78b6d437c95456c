/**
 * The live feed driven by the stock @rails/actioncable consumer, against a real Fastify server on a
 * random port. The consumer is browser code; in Node 20 it needs two things (see `shimBrowser`):
 * a WebSocket implementation (`adapters.WebSocket = ws`) and the global add/removeEventListener it
 * uses to watch page visibility. `document` is touched only for relative URLs, so we pass ws:// URLs.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect as natsConnect } from 'nats';
import { LIVE_CHANNEL, type LiveMessage } from '@flare/core/live/messages';
import { makeClosure } from '@flare/core/testing/closures';
import { makeIncident } from '@flare/core/testing/incidents';
import { makeHeartbeat, makePoint } from '@flare/core/testing/live-messages';
import type { Principal } from '../../platform/auth-hook';
import type { Bus } from '../../platform/bus/bus';
import { EventBus } from '../../platform/bus/event-bus';
import { InProcessBus } from '../../platform/bus/in-process-bus';
import { NatsBus } from '../../platform/bus/nats-bus';
import { LIVE_LIMITS } from './live-connection';
import type { LiveHub } from './live-hub';
import { registerWebsockets } from '../../platform/websockets';
import { registerLiveFeed } from './live-feed';
import {
  allDelivered,
  connected,
  disconnectAll,
  framesOf,
  openConsumer,
  received,
  RecordingWebSocket,
  waitFor,
  watch,
} from '../../../test/cable-consumer';

afterEach(disconnectAll);

const FLUSH_MS = 100;
const PING_MS = 150;

const SESSION_CHECK_MS = 100;

const principal = (userId: string, organizationId: string, permissions = ['thing:read']): Principal => ({
  userId,
  organizationId,
  sessionId: `session-${userId}`,
  roleId: 1,
  permissions,
});
/** Test tokens -> principals, and which user may watch which organisation. */
const PRINCIPALS = new Map([
  ['token-ada', principal('ada', 'org-a', ['thing:read', 'closure:read'])],
  ['token-bob', principal('bob', 'org-b')],
  ['token-cy', principal('cy', 'org-a')],
  // Events only: no permission to view assets.
  ['token-eve', principal('eve', 'org-a', ['incident:read'])],
]);
const ACCESS = new Set(['ada:org-a', 'ada:org-shared', 'bob:org-b', 'cy:org-a', 'eve:org-a']);
/** Sessions ended since their sockets connected. */
const revokedSessions = new Set<string>();
/** Session id -> how often the hub has checked it. */
const sessionChecks = new Map<string, number>();
function sessionOpen(p: Principal): Promise<boolean> {
  sessionChecks.set(p.sessionId, (sessionChecks.get(p.sessionId) ?? 0) + 1);
  return Promise.resolve(!revokedSessions.has(p.sessionId));
}

interface Server {
  app: FastifyInstance;
  hub: LiveHub;
  url: string;
}

async function startServer(bus: Bus, access = ACCESS, flushIntervalMs = FLUSH_MS): Promise<Server> {
  const app = Fastify({ logger: false });
  await registerWebsockets(app);
  const hub = registerLiveFeed(app, {
    // Each server its own events on the shared bus, as each server process has.
    events: new EventBus(bus, app.log),
    resolvePrincipal: (token) => Promise.resolve(PRINCIPALS.get(token) ?? null),
    canSubscribe: (p, organizationId) => Promise.resolve(access.has(`${p.userId}:${organizationId}`)),
    sessionOpen,
    flushIntervalMs,
    pingIntervalMs: PING_MS,
    sessionCheckIntervalMs: SESSION_CHECK_MS,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return { app, hub, url: `ws://127.0.0.1:${address.port}/cable` };
}

const point = (thingId: string, lat: number): LiveMessage => makePoint(thingId, { lat });

describe('live feed on one server (in-process bus)', () => {
  let bus: InProcessBus;
  let server: Server;
  beforeAll(async () => {
    bus = new InProcessBus();
    server = await startServer(bus);
  });
  afterAll(async () => {
    await server.app.close();
    await bus.close();
  });

  it('welcomes an authenticated consumer on actioncable-v1-json and confirms an allowed organisation', async () => {
    const consumer = openConsumer(server.url, 'token-ada');
    const w = await connected(consumer, 'org-a');
    expect(consumer.connection.getProtocol()).toBe('actioncable-v1-json');
    // A ping may come in between (one is due every ping interval): only the other frames count.
    expect(
      framesOf(consumer)
        .filter((frame) => frame.type !== 'ping')
        .slice(0, 2),
    ).toEqual([{ type: 'welcome' }, { identifier: w.subscription.identifier, type: 'confirm_subscription' }]);
    expect(w.subscription.identifier).toBe(
      JSON.stringify({ channel: 'EventsChannel', organization_id: 'org-a' }),
    );
    expect(server.hub.connectedClients()).toBe(1);
  });

  it('rejects a subscription to an organisation the user may not watch, or to another channel', async () => {
    const consumer = openConsumer(server.url, 'token-ada');
    const forbidden = watch(consumer, 'org-b');
    const otherChannel = consumer.subscriptions.create({ channel: 'ChatChannel', organization_id: 'org-a' });
    await waitFor(() => forbidden.state() === 'rejected', 'rejection');
    await waitFor(
      () => framesOf(consumer).some((f) => f.identifier === otherChannel.identifier),
      'rejection of the other channel',
    );
    expect(framesOf(consumer)).toContainEqual({
      identifier: forbidden.subscription.identifier,
      type: 'reject_subscription',
    });
    expect(framesOf(consumer)).toContainEqual({
      identifier: otherChannel.identifier,
      type: 'reject_subscription',
    });
  });

  it('disconnects a bad token as unauthorized, without reconnecting', async () => {
    const consumer = openConsumer(server.url, 'token-nobody');
    const w = watch(consumer, 'org-a');
    await waitFor(() => w.state() === 'disconnected', 'disconnect');
    expect(framesOf(consumer)).toEqual([{ type: 'disconnect', reason: 'unauthorized', reconnect: false }]);
    expect(w.disconnectedWith).toEqual({ willAttemptReconnect: false });
    expect(server.hub.connectedClients()).toBe(0);
  });

  it('delivers a published message as an {identifier, message} frame', async () => {
    const consumer = openConsumer(server.url, 'token-ada');
    const w = await connected(consumer, 'org-a');
    const message = point('thing-1', 39.78);
    await server.hub.publish(['org-a'], message);
    await waitFor(() => w.received.length === 1, 'the message');
    expect(w.received).toEqual([message]);
    // The message's frame, whatever pings came after it.
    expect(
      framesOf(consumer)
        .filter((frame) => frame.type !== 'ping')
        .at(-1),
    ).toEqual({
      identifier: w.subscription.identifier,
      message,
    });
  });

  it('coalesces messages for the same asset within one flush interval: the latest wins', async () => {
    const consumer = openConsumer(server.url, 'token-ada');
    const w = await connected(consumer, 'org-a');
    await Promise.all([
      server.hub.publish(['org-a'], point('thing-2', 1)),
      server.hub.publish(['org-a'], point('thing-3', 10)),
      server.hub.publish(['org-a'], point('thing-2', 2)),
      server.hub.publish(['org-a'], point('thing-2', 3)),
    ]);
    await allDelivered(server.hub, ['org-a'], [w]);
    expect(received(w)).toEqual([point('thing-3', 10), point('thing-2', 3)]);
  });

  it('delivers only the subscribed organisations, to each subscriber', async () => {
    const ada = openConsumer(server.url, 'token-ada');
    const bob = openConsumer(server.url, 'token-bob');
    const adaWatch = await connected(ada, 'org-a');
    const bobWatch = await connected(bob, 'org-b');
    await server.hub.publish(['org-b'], point('thing-b', 1));
    await server.hub.publish(['org-a', 'org-shared'], point('thing-a', 2));
    await allDelivered(server.hub, ['org-a', 'org-b'], [adaWatch, bobWatch]);
    expect(received(adaWatch)).toEqual([point('thing-a', 2)]);
    expect(received(bobWatch)).toEqual([point('thing-b', 1)]);
  });

  it('sends closures only to the subscribers who may see closures', async () => {
    const ada = await connected(openConsumer(server.url, 'token-ada'), 'org-a');
    const cy = await connected(openConsumer(server.url, 'token-cy'), 'org-a'); // assets only
    const closure: LiveMessage = { type: 'closure', closure: makeClosure() };
    await server.hub.publish(['org-a'], closure);
    await server.hub.publish(['org-a'], point('thing-7', 7));
    await allDelivered(server.hub, ['org-a'], [ada, cy]);
    expect(received(ada)).toEqual([closure, point('thing-7', 7)]);
    expect(received(cy)).toEqual([point('thing-7', 7)]);
  });

  it('sends a message published to several organisations once per subscription', async () => {
    const consumer = openConsumer(server.url, 'token-ada');
    const a = await connected(consumer, 'org-a');
    const shared = await connected(consumer, 'org-shared');
    await server.hub.publish(['org-a', 'org-shared', 'org-a'], point('thing-4', 4));
    await allDelivered(server.hub, ['org-a', 'org-shared'], [a, shared]);
    expect([received(a), received(shared)]).toEqual([[point('thing-4', 4)], [point('thing-4', 4)]]);
  });

  it('stops delivering after unsubscribe', async () => {
    const consumer = openConsumer(server.url, 'token-ada');
    const dropped = await connected(consumer, 'org-a');
    dropped.subscription.unsubscribe();
    // A connection's commands run in order: once this is confirmed, the unsubscribe has been done.
    const kept = await connected(consumer, 'org-shared');
    await server.hub.publish(['org-a', 'org-shared'], point('thing-5', 5));
    await waitFor(() => kept.received.length === 1, 'the kept message');
    await allDelivered(server.hub, ['org-shared'], [kept], 2);
    expect(dropped.received).toEqual([]);
  });

  it('drops messages on the bus that are not live messages', async () => {
    const consumer = openConsumer(server.url, 'token-ada');
    const w = await connected(consumer, 'org-a');
    await bus.publish('org.live.org-a', {
      origin: 'elsewhere',
      payload: { type: 'point', thing_id: 'thing-6' },
    });
    await bus.publish('org.live.org-a', 'nonsense');
    await server.hub.publish(['org-a'], point('thing-6', 6));
    await allDelivered(server.hub, ['org-a'], [w]);
    expect(received(w)).toEqual([point('thing-6', 6)]);
  });

  it('pings every ping interval with the time in epoch seconds', async () => {
    const consumer = openConsumer(server.url, 'token-ada');
    await connected(consumer, 'org-a');
    await waitFor(() => framesOf(consumer).filter((f) => f.type === 'ping').length >= 2, 'two pings');
    const ping = framesOf(consumer).find((f) => f.type === 'ping');
    expect(Math.abs((ping?.message as number) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('takes the token only from the sub-protocols, never from the URL (URLs end up in logs)', async () => {
    const socket = new RecordingWebSocket(`${server.url}?access_token=token-ada`, ['actioncable-v1-json']);
    try {
      await waitFor(() => socket.frames.length > 0, 'the answer');
      expect(socket.frames).toEqual([{ type: 'disconnect', reason: 'unauthorized', reconnect: false }]);
    } finally {
      socket.close();
    }
  });

  it('rejects a subscription from a user who may not view assets', async () => {
    const consumer = openConsumer(server.url, 'token-eve');
    const refused = watch(consumer, 'org-a');
    // A watcher of the organisation who may see it, to send the markers to.
    const allowed = await connected(openConsumer(server.url, 'token-ada'), 'org-a');
    await waitFor(() => refused.state() === 'rejected', 'rejection');
    await server.hub.publish(['org-a'], point('thing-eve', 1));
    await allDelivered(server.hub, ['org-a'], [allowed], 2);
    expect(refused.received).toEqual([]);
  });

  it('disconnects a socket whose session has ended since it connected', async () => {
    const consumer = openConsumer(server.url, 'token-cy');
    const w = await connected(consumer, 'org-a');
    const kept = await connected(openConsumer(server.url, 'token-ada'), 'org-a');
    revokedSessions.add('session-cy');
    try {
      await waitFor(() => w.state() === 'disconnected', 'the disconnect');
      expect(framesOf(consumer).at(-1)).toEqual({
        type: 'disconnect',
        reason: 'unauthorized',
        reconnect: false,
      });
      expect(w.disconnectedWith).toEqual({ willAttemptReconnect: false });
      // Three more rounds of session checks leave the open session's socket connected (and its
      // messages flowing: a disconnect would come before the markers).
      const checked = sessionChecks.get('session-ada') ?? 0;
      await waitFor(() => (sessionChecks.get('session-ada') ?? 0) >= checked + 3, 'three more checks');
      await allDelivered(server.hub, ['org-a'], [kept]);
      expect(kept.state()).toBe('connected');
    } finally {
      revokedSessions.delete('session-cy');
    }
  });

  it('ignores malformed and unknown commands and keeps serving the client', async () => {
    const socket = new RecordingWebSocket(server.url, ['actioncable-v1-json', 'token-ada']);
    try {
      await waitFor(() => socket.frames.length > 0, 'welcome');
      socket.send('not json');
      socket.send(JSON.stringify({ command: 'dance', identifier: '{}' }));
      socket.send(JSON.stringify({ command: 'message', identifier: '{}', data: '{"action":"x"}' }));
      const identifier = JSON.stringify({ channel: LIVE_CHANNEL, organization_id: 'org-a' });
      socket.send(JSON.stringify({ command: 'subscribe', identifier }));
      // Pings may come in between (one is due every ping interval): only the other frames count.
      const answers = () => socket.frames.slice(1).filter((frame) => frame.type !== 'ping');
      await waitFor(() => answers().length > 0, 'the confirmation');
      expect(answers()).toEqual([{ identifier, type: 'confirm_subscription' }]);
    } finally {
      socket.close();
    }
  });
});

describe('alerts on a feed whose next flush is an hour away', () => {
  let bus: InProcessBus;
  let server: Server;
  beforeAll(async () => {
    bus = new InProcessBus();
    server = await startServer(bus, ACCESS, 3_600_000);
  });
  afterAll(async () => {
    await server.app.close();
    await bus.close();
  });

  /** Ada watching org-a and org-shared on one socket: what one sends is seen in order with the other. */
  async function adaOnTwoOrganizations() {
    const consumer = openConsumer(server.url, 'token-ada');
    return { a: await connected(consumer, 'org-a'), shared: await connected(consumer, 'org-shared') };
  }

  it('sends an incident and a closure at once, ahead of the other assets waiting for the flush', async () => {
    const { a, shared } = await adaOnTwoOrganizations();
    await server.hub.publish(['org-a'], point('waits', 1));
    await server.hub.publish(['org-shared'], point('waits-too', 1));
    const incident: LiveMessage = { type: 'location', location: makeIncident() };
    await server.hub.publish(['org-shared'], incident);
    await waitFor(() => shared.received.length === 1, 'the incident');
    // One socket: had either point been sent, it would have arrived before the incident.
    expect(shared.received).toEqual([incident]);
    expect(a.received).toEqual([]);
    const closure: LiveMessage = { type: 'closure', closure: makeClosure() };
    await server.hub.publish(['org-a'], closure);
    await waitFor(() => a.received.length === 1, 'the closure');
    expect(a.received).toEqual([closure]);
    expect(shared.received).toEqual([incident]);
    // Overtaken, not dropped: the waiting position goes out with its asset's next alert, before it.
    const offline = makeHeartbeat('waits', { status: 'offline' });
    await server.hub.publish(['org-a'], offline);
    await waitFor(() => a.received.length === 3, "the asset's turn");
    expect(a.received).toEqual([closure, point('waits', 1), offline]);
  });

  it('sends an asset update at once when it turns On-Scene, Responding or Offline, goes Out-of-Service or raises an alarm', async () => {
    const { a, shared } = await adaOnTwoOrganizations();
    const turns: LiveMessage[] = [
      makeHeartbeat('unit', { status: 'active_location' }),
      makeHeartbeat('unit', { status: 'offline' }),
      makeHeartbeat('unit', { status: 'offline', in_service: false }),
      makePoint('unit', { status: 'active', in_service: true }),
      makePoint('unit', {
        status: 'active',
        in_service: true,
        alarm: 'sos',
        alarm_raised_at: '2026-11-29T10:00:00.000Z',
      }),
    ];
    // The first update of an asset is no turn: it waits, and goes out with the first turn.
    const first = makePoint('unit', { status: 'standby' });
    await server.hub.publish(['org-shared'], first);
    for (const [index, turn] of turns.entries()) {
      await server.hub.publish(['org-a'], point('waits', index));
      await server.hub.publish(['org-shared'], turn);
      await waitFor(() => shared.received.length === index + 2, `turn ${index}`);
    }
    expect(shared.received).toEqual([first, ...turns]);
    expect(a.received).toEqual([]);
    // The same update again is no turn: when an alert on the same socket arrives, it has not come
    // before it; it waits, and goes out just before the unit's next turn.
    await server.hub.publish(['org-shared'], turns.at(-1)!);
    const incident: LiveMessage = { type: 'location', location: makeIncident() };
    await server.hub.publish(['org-shared'], incident);
    await waitFor(() => shared.received.length === turns.length + 2, 'the incident');
    expect(shared.received).toEqual([first, ...turns, incident]);
    const onScene = makeHeartbeat('unit', { status: 'active_location' });
    await server.hub.publish(['org-shared'], onScene);
    await waitFor(() => shared.received.length === turns.length + 4, 'the next turn');
    expect(shared.received).toEqual([first, ...turns, incident, turns.at(-1), onScene]);
    // The other assets' positions still wait for the flush.
    expect(a.received).toEqual([]);
  });
});

describe('limits of one socket and one user', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer(new InProcessBus());
  });
  afterAll(async () => {
    await server.hub.close();
    await server.app.close();
  });

  const open = async (token = 'token-ada') => {
    const socket = new RecordingWebSocket(server.url, ['actioncable-v1-json', token]);
    await waitFor(() => socket.frames.length > 0, 'welcome');
    return socket;
  };
  const closed = (socket: RecordingWebSocket) =>
    new Promise<number>((resolve) => {
      if (socket.readyState === socket.CLOSED) resolve(0);
      else socket.once('close', (code: number) => resolve(code));
    });

  it('holds at most a few subscriptions per socket, and no long identifiers', async () => {
    const socket = await open();
    try {
      // The 1,000-subscription attack: long identifiers, then many distinct short ones.
      const long = (i: number) =>
        JSON.stringify({
          channel: LIVE_CHANNEL,
          organization_id: 'org-a',
          padding: `${i}`.padEnd(30_000, 'x'),
        });
      const short = (i: number) => JSON.stringify({ channel: LIVE_CHANNEL, organization_id: 'org-a', n: i });
      for (let i = 0; i < 20; i++) socket.send(JSON.stringify({ command: 'subscribe', identifier: long(i) }));
      for (let i = 0; i < 1_000; i++)
        socket.send(JSON.stringify({ command: 'subscribe', identifier: short(i) }));
      // Pings may come in between (one is due every ping interval): only the other frames count.
      const answers = () => socket.frames.slice(1).filter((frame) => frame.type !== 'ping');
      await waitFor(() => answers().length >= 20 + 1_000, 'an answer to every subscribe');
      expect(answers().filter((f) => f.type === 'confirm_subscription')).toHaveLength(
        LIVE_LIMITS.subscriptionsPerSocket,
      );
      expect(answers().filter((f) => f.type === 'reject_subscription')).toHaveLength(
        1_020 - LIVE_LIMITS.subscriptionsPerSocket,
      );
      // A rejection never echoes a long identifier back.
      expect(Math.max(...socket.frames.map((f) => JSON.stringify(f).length))).toBeLessThan(1_000);

      // Another dashboard keeps receiving its messages meanwhile.
      const consumer = openConsumer(server.url, 'token-cy');
      const watching = await connected(consumer, 'org-a');
      await server.hub.publish(['org-a'], point('thing-limits', 1));
      await waitFor(() => watching.received.length > 0, 'the message');
    } finally {
      socket.close();
    }
  });

  it('closes the socket that keeps sending frames that are not commands', async () => {
    const socket = await open();
    for (let i = 0; i <= LIVE_LIMITS.badFrames; i++) socket.send('not a command');
    expect(await closed(socket)).toBe(1008);
    expect(socket.frames.at(-1)).toEqual({ type: 'disconnect', reason: 'protocol_error', reconnect: false });
  });

  it('lets one user open a limited number of sockets', async () => {
    const sockets = await Promise.all(
      Array.from({ length: LIVE_LIMITS.socketsPerUser }, () => open('token-bob')),
    );
    try {
      const extra = new RecordingWebSocket(server.url, ['actioncable-v1-json', 'token-bob']);
      expect(await closed(extra)).toBe(1008);
      expect(extra.frames).toEqual([
        { type: 'disconnect', reason: 'too_many_connections', reconnect: false },
      ]);
      // Another user is not affected.
      (await open('token-cy')).close();
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});

describe('closing the hub', () => {
  it('tells clients the server restarts, so they reconnect, and stops counting them', async () => {
    const bus = new InProcessBus();
    const server = await startServer(bus);
    try {
      const consumer = openConsumer(server.url, 'token-ada');
      await connected(consumer, 'org-a');
      await server.hub.close();
      expect(server.hub.connectedClients()).toBe(0);
      await waitFor(() => !consumer.connection.isOpen(), 'the socket to close');
      expect(framesOf(consumer).at(-1)).toEqual({
        type: 'disconnect',
        reason: 'server_restart',
        reconnect: true,
      });
    } finally {
      await server.app.close();
      await bus.close();
    }
  });
});

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
/** Whether one answers: one that is not there refuses at once, and 10 s is for a loaded machine. */
async function natsAnswers(url: string): Promise<boolean> {
  try {
    await (await natsConnect({ servers: url, timeout: 10_000, reconnect: false })).close();
    return true;
  } catch {
    return false;
  }
}
const natsAvailable = await natsAnswers(NATS_URL);
if (!natsAvailable)
  console.warn(`live feed NATS test skipped: no NATS server answered at ${NATS_URL} within 10 s`);

describe.skipIf(!natsAvailable)('live feed on two servers sharing NATS', () => {
  it('delivers a message published on server A to a client of server B', async () => {
    // A fresh organisation id, so parallel runs on the same NATS never see each other's messages.
    const organizationId = randomUUID();
    const access = new Set([`ada:${organizationId}`]);
    const [busA, busB] = [await NatsBus.connect(NATS_URL), await NatsBus.connect(NATS_URL)];
    const [serverA, serverB] = [await startServer(busA, access), await startServer(busB, access)];
    try {
      const consumer = openConsumer(serverB.url, 'token-ada');
      const w = await connected(consumer, organizationId);
      const message = point('thing-nats', 7);
      await serverA.hub.publish([organizationId], message);
      await waitFor(() => w.received.length === 1, 'the message through NATS');
      expect(w.received).toEqual([message]);
      expect([serverA.hub.connectedClients(), serverB.hub.connectedClients()]).toEqual([0, 1]);
    } finally {
      disconnectAll();
      await Promise.all([serverA.app.close(), serverB.app.close()]);
      await Promise.all([busA.close(), busB.close()]);
    }
  });
});
