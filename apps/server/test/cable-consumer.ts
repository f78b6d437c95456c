/**
 * The stock @rails/actioncable consumer in Node, for tests. The consumer is browser code; in Node 20
 * it needs two things (see `shimBrowser`): a WebSocket implementation (`adapters.WebSocket = ws`) and
 * the global add/removeEventListener it uses to watch page visibility. `document` is touched only for
 * relative URLs, so pass ws:// URLs.
 */
import WebSocket from 'ws';
import { adapters, createConsumer, type Consumer, type Subscription } from '@rails/actioncable';
import { LIVE_CHANNEL, LIVE_SUBPROTOCOL } from '@flare/core/live/messages';

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

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function connected(consumer: Consumer, organizationId: string): Promise<Watch> {
  const w = watch(consumer, organizationId);
  await waitFor(() => w.state() === 'connected', `confirmation for ${organizationId}`);
  return w;
}

/**
 * Disconnects every consumer a test opened: each file that opens consumers registers it as an
 * afterEach hook (a hook registered here would run for the first such file of a worker only, as the
 * server tests share one module graph per worker).
 */
export function disconnectAll(): void {
  consumers.splice(0).forEach((consumer) => consumer.disconnect());
}
