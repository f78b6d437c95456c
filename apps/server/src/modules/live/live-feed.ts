/**
 * The live feed at GET /cable: a WebSocket speaking the ActionCable JSON protocol (see live-protocol),
 * so the stock `@rails/actioncable` consumer works. Register it on the root instance (not under /api).
 *
 * A client authenticates once, when it connects, with the access token it offers as a sub-protocol.
 * Its session is checked again every minute or so, and at once when the user is suspended or deleted
 * (`user.sessions-ended`): once revoked, the socket is closed as unauthorized.
 */
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../platform/auth-hook';
import type { EventBus } from '../../platform/bus/event-bus';
import { HttpError } from '../../platform/http-errors';
import { LIVE_LIMITS, type LiveLimits } from './live-connection';
import { SocketLiveHub, type LiveHub } from './live-hub';
import { offeredProtocols } from '../../platform/websockets';
import { accessTokenOf, selectProtocol } from './live-protocol';

export const LIVE_FEED_PATH = '/cable';

export interface LiveFeedDeps {
  events: EventBus;
  resolvePrincipal: (accessToken: string) => Promise<Principal | null>;
  /** Whether the principal may watch the organisation's live feed (it must also hold viewThings). */
  canSubscribe: (principal: Principal, organizationId: string) => Promise<boolean>;
  /** Whether the principal's session is still open (not revoked, the user not suspended). */
  sessionOpen: (principal: Principal) => Promise<boolean>;
  /** How often coalesced messages are sent (default 1000 ms: at most one message per key per second). */
  flushIntervalMs?: number;
  /** Keeps the consumer's connection monitor content (it reopens a socket silent for 6 s). */
  pingIntervalMs?: number;
  /** How often each socket's session is checked again (default 60 s). */
  sessionCheckIntervalMs?: number;
  /** Per socket and per user (default LIVE_LIMITS). */
  limits?: LiveLimits;
}

export function registerLiveFeed(app: FastifyInstance, deps: LiveFeedDeps): LiveHub {
  // The platform's WebSocket server (platform/websockets.ts) asks this for the feed's sub-protocol.
  app.websocketProtocols.set(LIVE_FEED_PATH, selectProtocol);

  const hub = new SocketLiveHub({
    events: deps.events,
    canSubscribe: deps.canSubscribe,
    sessionOpen: deps.sessionOpen,
    flushIntervalMs: deps.flushIntervalMs ?? 1000,
    pingIntervalMs: deps.pingIntervalMs ?? 3000,
    sessionCheckIntervalMs: deps.sessionCheckIntervalMs ?? 60_000,
    limits: deps.limits ?? LIVE_LIMITS,
    log: app.log,
  });
  app.addHook('onClose', () => hub.close());

  app.get(LIVE_FEED_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const token = accessTokenOf(offeredProtocols(request.headers['sec-websocket-protocol']));
    // A refusal that says why (a suspended user: 401) is still a refusal here: "unauthorized", after
    // which the dashboard asks the API and hears the reason; anything else is the server's fault.
    const authenticate = () =>
      token
        ? deps.resolvePrincipal(token).catch((error: unknown) => {
            if (error instanceof HttpError && error.statusCode === 401) return null;
            throw error;
          })
        : Promise.resolve(null);
    // The upgraded request's socket is the TCP connection the WebSocket writes to.
    hub.accept(socket, request.raw.socket, authenticate, request.log);
  });

  return hub;
}
