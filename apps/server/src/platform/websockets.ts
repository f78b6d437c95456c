/**
 * The one WebSocket server every socket route shares (the live feed, vehicles' alert connections):
 * registered once, before the modules, with each path's choice among the sub-protocols a client
 * offers (a module sets it with its route). Client messages are at most MAX_SOCKET_MESSAGE_BYTES:
 * commands and position reports are small; anything much larger is refused before it is parsed.
 */
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData } from 'ws';

export const MAX_SOCKET_MESSAGE_BYTES = 64 * 1024;

/** The sub-protocol a path's socket speaks, from those offered; false: none. */
export type ProtocolChoice = (offered: ReadonlySet<string>) => string | false;

declare module 'fastify' {
  interface FastifyInstance {
    /** Each socket path's choice of sub-protocol. */
    websocketProtocols: Map<string, ProtocolChoice>;
  }
}

export async function registerWebsockets(app: FastifyInstance): Promise<void> {
  const choices = new Map<string, ProtocolChoice>();
  app.decorate('websocketProtocols', choices);
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: MAX_SOCKET_MESSAGE_BYTES,
      handleProtocols: (offered, request) => {
        const path = new URL(request.url ?? '/', 'http://socket').pathname;
        return choices.get(path)?.(offered) ?? false;
      },
    },
  });
}

/** A client message's text, however ws delivered its bytes. */
export function socketText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/** The offered sub-protocols, from the raw `Sec-WebSocket-Protocol` header(s). */
export function offeredProtocols(header: string | string[] | undefined): string[] {
  const values = Array.isArray(header) ? header : header ? [header] : [];
  return values.flatMap((value) => value.split(',').map((p) => p.trim())).filter((p) => p.length > 0);
}

/**
 * The credential a browser's socket offers as a sub-protocol (browsers cannot set headers on a
 * WebSocket; API keys and access tokens are made of sub-protocol-safe characters): on a socket
 * route, the offered value other than the protocol its path chooses. Never the URL: URLs end up in
 * access logs; and the credential is never chosen, so it is not echoed back in a response header.
 */
export function socketCredential(request: FastifyRequest): string | null {
  if (request.headers.upgrade?.toLowerCase() !== 'websocket') return null;
  const offered = offeredProtocols(request.headers['sec-websocket-protocol']);
  const path = new URL(request.url, 'http://socket').pathname;
  const chosen = request.server.websocketProtocols.get(path)?.(new Set(offered));
  if (!chosen) return null;
  return offered.find((protocol) => protocol !== chosen) ?? null;
}
