/**
 * The client's reconnect rule against a real WebSocket server that speaks just enough ActionCable:
 * at most 10 attempts after a drop, resubscription and a catch-up call once the feed is back, and a
 * new round of attempts after a failed one (later, or at once when asked).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { openLiveFeed, type FeedOptions, type FeedStatus, type LiveFeed } from './cable-client';

let server: WebSocketServer | null = null;
let feed: LiveFeed | null = null;

afterEach(async () => {
  feed?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
});

function startCable(onSocket: (socket: WebSocket, protocols: string[]) => void): Promise<string> {
  return new Promise((resolve) => {
    server = new WebSocketServer({ port: 0, handleProtocols: () => 'actioncable-v1-json' }, () => {
      const address = server!.address();
      resolve(`ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    });
    server.on('connection', (socket, request) =>
      onSocket(
        socket,
        String(request.headers['sec-websocket-protocol'])
          .split(',')
          .map((p) => p.trim()),
      ),
    );
  });
}

function confirmingSubscriptions(socket: WebSocket): void {
  socket.send(JSON.stringify({ type: 'welcome' }));
  socket.on('message', (data: Buffer) => {
    const command = JSON.parse(data.toString()) as { command: string; identifier: string };
    if (command.command === 'subscribe') {
      socket.send(JSON.stringify({ type: 'confirm_subscription', identifier: command.identifier }));
      socket.send(JSON.stringify({ identifier: command.identifier, message: { hello: 1 } }));
    }
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

/** A feed that retries within milliseconds, noting its statuses. */
const quickFeed = (url: string, statuses: FeedStatus[], options: Partial<FeedOptions> = {}) =>
  openLiveFeed({
    url,
    token: () => 'token',
    organizationId: 'org-1',
    onMessage: () => undefined,
    onStatus: (s) => statuses.push(s),
    onResubscribed: () => undefined,
    firstBackoffMs: 1,
    maxBackoffMs: 2,
    ...options,
  });

describe('live feed client against a socket server', () => {
  it('offers the token and "datapumper", subscribes, and delivers channel messages', async () => {
    let offered: string[] = [];
    const url = await startCable((socket, protocols) => {
      offered = protocols;
      confirmingSubscriptions(socket);
    });
    const messages: unknown[] = [];
    const statuses: FeedStatus[] = [];
    feed = openLiveFeed({
      url,
      token: () => 'token-123',
      organizationId: 'org-1',
      onMessage: (m) => messages.push(m),
      onStatus: (s) => statuses.push(s),
      onResubscribed: () => undefined,
    });
    await until(() => messages.length === 1);
    expect(offered).toEqual(['actioncable-v1-json', 'datapumper', 'token-123']);
    expect(messages).toEqual([{ hello: 1 }]);
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('tells when the server ends the connection as unauthorized, and only then; does not come back when told not to', async () => {
    let connections = 0;
    const url = await startCable((socket) => {
      connections += 1;
      confirmingSubscriptions(socket);
      const reason = connections === 1 ? 'server_restart' : 'unauthorized';
      setTimeout(() => {
        socket.send(JSON.stringify({ type: 'disconnect', reason, reconnect: reason === 'server_restart' }));
        socket.close();
      }, 20);
    });
    let unauthorized = 0;
    const statuses: string[] = [];
    feed = openLiveFeed({
      url,
      token: () => 'token-123',
      organizationId: 'org-1',
      onMessage: () => undefined,
      onStatus: (s) => statuses.push(s),
      onResubscribed: () => undefined,
      onUnauthorized: () => (unauthorized += 1),
      firstBackoffMs: 5,
    });
    await until(() => statuses.at(-1) === 'failed');
    // Well past the 5 ms back-off: no third connection.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unauthorized).toBe(1);
    expect(connections).toBe(2);
  });

  it('reconnects after a drop and asks for a catch-up once resubscribed', async () => {
    let connections = 0;
    const url = await startCable((socket) => {
      connections += 1;
      confirmingSubscriptions(socket);
      if (connections === 1) setTimeout(() => socket.close(), 20);
    });
    let resubscribed = 0;
    feed = openLiveFeed({
      url,
      token: () => 'token',
      organizationId: 'org-1',
      onMessage: () => undefined,
      onStatus: () => undefined,
      onResubscribed: () => (resubscribed += 1),
      firstBackoffMs: 5,
    });
    await until(() => resubscribed === 1);
    expect(connections).toBe(2);
  });

  it('gives up after 10 reconnect attempts', async () => {
    let connections = 0;
    const url = await startCable((socket) => {
      connections += 1;
      socket.close();
    });
    const statuses: FeedStatus[] = [];
    feed = quickFeed(url, statuses);
    await until(() => statuses.at(-1) === 'failed');
    expect(connections).toBe(11);
    expect(statuses.filter((s) => s === 'down')).toHaveLength(10);
  });

  it('starts a new round after a failed one, later or at once when asked', async () => {
    let accepting = false;
    let connections = 0;
    const url = await startCable((socket) => {
      connections += 1;
      if (accepting) confirmingSubscriptions(socket);
      else socket.close();
    });
    const statuses: FeedStatus[] = [];
    const open = (retryRoundMs: number) => quickFeed(url, statuses, { maxReconnects: 2, retryRoundMs });

    // Later: the next round starts by itself, and fails again while the server refuses.
    feed = open(50);
    await until(() => statuses.filter((s) => s === 'failed').length === 2);
    expect(connections).toBe(6);
    feed.close();

    // When asked: a round at once, and nothing while a round is under way or the feed is open.
    connections = 0;
    statuses.length = 0;
    feed = open(60_000);
    await until(() => statuses.at(-1) === 'failed');
    expect(connections).toBe(3);
    accepting = true;
    feed.retry();
    await until(() => statuses.at(-1) === 'open');
    feed.retry();
    await new Promise((r) => setTimeout(r, 50));
    expect(connections).toBe(4);
    expect(statuses.at(-1)).toBe('open');
  });
});
