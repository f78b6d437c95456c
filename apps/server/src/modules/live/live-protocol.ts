/**
 * The ActionCable JSON protocol as the stock `@rails/actioncable` consumer speaks it: sub-protocol
 * choice, where the access token travels, the commands a client sends and the frames the server sends.
 */
import { LIVE_CHANNEL, LIVE_SUBPROTOCOL, type LiveMessage } from '@flare/core/live/messages';

export const ACTIONCABLE_PROTOCOL = 'actioncable-v1-json';
/** The consumer offers this second so that a server without the JSON protocol can refuse it. */
const ACTIONCABLE_UNSUPPORTED = 'actioncable-unsupported';
const NOT_TOKENS = new Set([ACTIONCABLE_PROTOCOL, ACTIONCABLE_UNSUPPORTED, LIVE_SUBPROTOCOL]);

/**
 * The sub-protocol the server answers with. The JSON protocol when offered (the stock consumer closes
 * the socket on anything else); else the dashboard's own name, so a client offering only
 * "datapumper" and its token still connects; else none, which fails a handshake that offered any.
 * Never the token: it would be echoed back in a response header.
 */
export function selectProtocol(offered: ReadonlySet<string>): string | false {
  if (offered.has(ACTIONCABLE_PROTOCOL)) return ACTIONCABLE_PROTOCOL;
  if (offered.has(LIVE_SUBPROTOCOL)) return LIVE_SUBPROTOCOL;
  return false;
}

/**
 * The access token: the first offered sub-protocol that is not a protocol name (browsers cannot set
 * headers on a WebSocket, and a JWT is made of sub-protocol-safe characters). Never the URL: URLs
 * end up in access logs.
 */
export function accessTokenOf(protocols: readonly string[]): string | null {
  return protocols.find((p) => !NOT_TOKENS.has(p)) ?? null;
}

export type Command =
  | { command: 'subscribe' | 'unsubscribe'; identifier: string }
  | { command: 'message'; identifier: string; data: unknown };

/** A client command, or null for anything this server does not understand (ignored by the caller). */
export function parseCommand(raw: string): Command | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { command, identifier, data } = value as Record<string, unknown>;
  if (typeof identifier !== 'string') return null;
  if (command === 'subscribe' || command === 'unsubscribe') return { command, identifier };
  if (command === 'message') return { command, identifier, data };
  return null;
}

/**
 * The organisation an identifier subscribes to, or null when it does not name the events channel
 * and an organisation (the subscription is then rejected). The identifier string itself stays the
 * key: the consumer matches frames to subscriptions by comparing it verbatim.
 */
export function organizationOf(identifier: string): string | null {
  let params: unknown;
  try {
    params = JSON.parse(identifier);
  } catch {
    return null;
  }
  if (typeof params !== 'object' || params === null) return null;
  const { channel, organization_id: organizationId } = params as Record<string, unknown>;
  if (channel !== LIVE_CHANNEL) return null;
  if (typeof organizationId === 'number' && Number.isSafeInteger(organizationId))
    return String(organizationId);
  if (typeof organizationId !== 'string' || organizationId.length === 0) return null;
  return organizationId;
}

/** Why the server ends a socket: ActionCable's reasons, and the feed's limits. */
export type DisconnectReason = 'unauthorized' | 'server_restart' | 'too_many_connections' | 'protocol_error';

export const frames = {
  welcome: () => JSON.stringify({ type: 'welcome' }),
  ping: () => JSON.stringify({ type: 'ping', message: Math.floor(Date.now() / 1000) }),
  confirm: (identifier: string) => JSON.stringify({ identifier, type: 'confirm_subscription' }),
  reject: (identifier: string) => JSON.stringify({ identifier, type: 'reject_subscription' }),
  message: (identifier: string, message: LiveMessage) => JSON.stringify({ identifier, message }),
  disconnect: (reason: DisconnectReason, reconnect: boolean) =>
    JSON.stringify({ type: 'disconnect', reason, reconnect }),
};
