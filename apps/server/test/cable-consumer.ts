/**
 * The stock @rails/actioncable consumer in Node, for tests. The consumer is browser code; in Node 20
 * it needs two things (see `shimBrowser`): a WebSocket implementation (`adapters.WebSocket = ws`) and
 * the global add/removeEventListener it uses to watch page visibility. `document` is touched only for
 * relative URLs, so pass ws:// URLs.
 */
import WebSocket from 'ws';
import { adapters, createConsumer, type Consumer, type Subscription } from '@rails/actioncable';
import { LIVE_CHANNEL, LIVE_SUBPROTOCOL } from '@flare/core/live/messages';
import { makePoint } from '@flare/core/testing/live-messages';
import type { LiveHub } from '../src/modules/live/live-hub';

/** A ws client that also records every frame it receives, so tests can see welcome and pings. */
export class RecordingWebSocket extends WebSocket {
  readonly frames: Record<string, unknown>[] = [];
  constructor(url: string, protocols?: string[]) {
    super(url, protocols);
    this.on('message', (data: Buffer) =>
      this.frames.push(JSON.parse(data.toString()) as Record<string, unknown>),
    );
  }
}

function shimBrowser(): void {
  // The consumer finds readyState names by enumerating its adapter's statics: ws defines them enumerable.
  adapters.WebSocket = RecordingWebSocket;
  // ConnectionMonitor calls the global addEventListener('visibilitychange', ...), absent in Node 20.
  const g = globalThis as { addEventListener?: unknown; removeEventListener?: unknown };
  g.addEventListener ??= () => {};
  g.removeEventListener ??= () => {};
}
shimBrowser();

const consumers: Consumer[] = [];

export function openConsumer(url: string, token: string): Consumer {
  const consumer = createConsumer(url);
  consumer.addSubProtocol(LIVE_SUBPROTOCOL);
  consumer.addSubProtocol(token);
  consumers.push(consumer);
  return consumer;
}

export const framesOf = (consumer: Consumer) =>
  (consumer.connection.webSocket as RecordingWebSocket | undefined)?.frames ?? [];

export interface Watch {
  subscription: Subscription;
  received: unknown[];
  state: () => 'pending' | 'connected' | 'rejected' | 'disconnected';
  disconnectedWith?: { willAttemptReconnect: boolean };
}

export function watch(consumer: Consumer, organizationId: string): Watch {
  let state: ReturnType<Watch['state']> = 'pending';
  const w: Partial<Watch> & { received: unknown[] } = { received: [] };
  w.subscription = consumer.subscriptions.create(
    { channel: LIVE_CHANNEL, organization_id: organizationId },
    {
      connected: () => (state = 'connected'),
      rejected: () => (state = 'rejected'),
      disconnected: (details) => {
        state = 'disconnected';
        w.disconnectedWith = details;
      },
      received: (data) => w.received.push(data),
    },
  );
  w.state = () => state;
  return w as Watch;
}

/** Waits until `condition` holds; the timeout is generous, for a loaded machine. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function connected(consumer: Consumer, organizationId: string): Promise<Watch> {
  const w = watch(consumer, organizationId);
  await waitFor(() => w.state() === 'connected', `confirmation for ${organizationId}`);
  return w;
}

const MARKER = 'marker';
const isMarker = (message: unknown) => (message as { thing_id?: string }).thing_id === MARKER;
/** What a watch received, without the markers of `allDelivered`. */
export const received = (w: Watch) => w.received.filter((message) => !isMarker(message));

/**
 * Returns once everything published before has reached the sockets, instead of waiting some flushes
 * for a message that should not come: a marker is published to `organizationIds` and awaited on
 * `watches`, `rounds` times. The hub keeps each subscription's messages in publish order (a message
 * takes the place of its latest update; a flush sends them in that order over one socket), so one
 * round covers the watched subscriptions. A flush sends every socket's frames at once, so a second
 * round, sent by a later flush than the first, also covers what was published before the first on
 * other subscriptions (dropped, rejected) and other sockets, and what the server published a flush
 * interval after the first marker (after a query, say).
 */
export async function allDelivered(
  hub: LiveHub,
  organizationIds: string[],
  watches: Watch[],
  rounds = 1,
): Promise<void> {
  const before = watches.map((w) => w.received.filter(isMarker).length);
  for (let round = 1; round <= rounds; round++) {
    await hub.publish(organizationIds, makePoint(MARKER, { lat: round }));
    await waitFor(
      () => watches.every((w, i) => w.received.filter(isMarker).length === before[i]! + round),
      `marker ${round}`,
    );
  }
}

/**
 * Disconnects every consumer a test opened: each file that opens consumers registers it as an
 * afterEach hook (a hook registered here would run for the first such file of a worker only, as the
 * server tests share one module graph per worker).
 */
export function disconnectAll(): void {
  consumers.splice(0).forEach((consumer) => consumer.disconnect());
}
