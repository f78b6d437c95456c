/**
 * The dashboard's side of the live feed: an ActionCable JSON client that
 * subscribes to one organisation's EventsChannel, offering "datapumper" and the access token as
 * sub-protocols. Written here rather than taken from @rails/actioncable because the spec fixes its
 * own reconnect rule (at most 10 attempts, 1 s doubling to 10 s), which the stock consumer's
 * connection monitor cannot be told to follow; the server tests prove the stock consumer works too.
 * A round of attempts that fails is not the end: another round starts a minute later, or at once on
 * `retry()`, unless the server refused the connection for good.
 */
import { LIVE_FEED } from '@flare/core/constants';
import { LIVE_CHANNEL, LIVE_SUBPROTOCOL } from '@flare/core/live/messages';

const ACTIONCABLE_PROTOCOL = 'actioncable-v1-json';

export type FeedStatus = 'connecting' | 'open' | 'down' | 'failed';

export interface FeedOptions {
  url: string;
  token: () => string | null;
  organizationId: string;
  onMessage: (message: unknown) => void;
  onStatus: (status: FeedStatus) => void;
  /** The subscription was confirmed again after the connection dropped: fetch what was missed. */
  onResubscribed: () => void;
  /** The server ended the connection as unauthorized (the session ended, e.g. the user was suspended). */
  onUnauthorized?: () => void;
  /** Delays may be shortened by tests. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  maxReconnects?: number;
  retryRoundMs?: number;
}

export interface LiveFeed {
  setOrganization(organizationId: string): void;
  /** After a failed round: a new round of reconnect attempts now (the network may be back). */
  retry(): void;
  close(): void;
}

/** Delay before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s, 8 s, then 10 s. */
export function backoffMs(
  attempt: number,
  first: number = LIVE_FEED.firstBackoffMs,
  max: number = LIVE_FEED.maxBackoffMs,
): number {
  return Math.min(first * 2 ** (attempt - 1), max);
}

export function channelIdentifier(organizationId: string): string {
  return JSON.stringify({ channel: LIVE_CHANNEL, organization_id: organizationId });
}

export function openLiveFeed(options: FeedOptions): LiveFeed {
  const maxReconnects = options.maxReconnects ?? LIVE_FEED.maxReconnects;
  const retryRoundMs = options.retryRoundMs ?? LIVE_FEED.retryRoundMs;
  let organizationId = options.organizationId;
  let socket: WebSocket | null = null;
  let attempts = 0;
  let everConfirmed = false;
  let closed = false;
  /** The server ended the connection and said not to come back (ActionCable's `reconnect: false`). */
  let refused = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const send = (command: object) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(command));
  };

  function connect() {
    const token = options.token();
    if (!token || closed) return;
    options.onStatus('connecting');
    const ws = new WebSocket(options.url, [ACTIONCABLE_PROTOCOL, LIVE_SUBPROTOCOL, token]);
    socket = ws;
    ws.onmessage = (event: MessageEvent<string>) => onFrame(event.data);
    ws.onclose = () => {
      if (socket !== ws || closed) return;
      socket = null;
      if (refused) options.onStatus('failed');
      else scheduleReconnect();
    };
  }

  function onFrame(raw: string) {
    let frame: { type?: string; identifier?: string; message?: unknown };
    try {
      frame = JSON.parse(raw) as typeof frame;
    } catch {
      return;
    }
    switch (frame.type ?? '') {
      case 'welcome':
        send({ command: 'subscribe', identifier: channelIdentifier(organizationId) });
        return;
      case 'ping':
        return;
      case 'confirm_subscription':
        if (frame.identifier !== channelIdentifier(organizationId)) return;
        attempts = 0;
        options.onStatus('open');
        if (everConfirmed) options.onResubscribed();
        everConfirmed = true;
        return;
      case 'disconnect': {
        const { reason, reconnect } = frame as { reason?: unknown; reconnect?: unknown };
        refused = reconnect === false;
        if (reason === 'unauthorized') options.onUnauthorized?.();
        socket?.close();
        return;
      }
      case 'reject_subscription':
        socket?.close();
        return;
      default:
        if (frame.identifier === channelIdentifier(organizationId) && frame.message !== undefined) {
          options.onMessage(frame.message);
        }
    }
  }

  function scheduleReconnect() {
    if (attempts >= maxReconnects) {
      options.onStatus('failed');
      timer = setTimeout(newRound, retryRoundMs);
      return;
    }
    attempts += 1;
    options.onStatus('down');
    timer = setTimeout(connect, backoffMs(attempts, options.firstBackoffMs, options.maxBackoffMs));
  }

  function newRound() {
    if (timer) clearTimeout(timer);
    timer = null;
    attempts = 0;
    connect();
  }

  connect();

  return {
    setOrganization(next) {
      if (next === organizationId) return;
      send({ command: 'unsubscribe', identifier: channelIdentifier(organizationId) });
      organizationId = next;
      send({ command: 'subscribe', identifier: channelIdentifier(organizationId) });
    },
    retry() {
      // Only a failed round waits for this: not an open or connecting socket, nor a refusal.
      if (!closed && !refused && !socket && attempts >= maxReconnects) newRound();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
      socket = null;
    },
  };
}
