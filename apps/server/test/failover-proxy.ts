/**
 * A reverse proxy in front of several server processes, as an operator's load balancer would stand
 * (docs/operations.md has real configurations): requests go round-robin to the upstreams that are
 * up; an upstream that refuses a connection is marked down and the request goes to the next one;
 * live-feed sockets (HTTP upgrades) are piped whole and end when their upstream ends. Tests only.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface FailoverProxy {
  url: string;
  /** How many requests each upstream answered (by its origin). */
  answered: Map<string, number>;
  /** The upstream (origin) of each live-feed socket, in the order they were opened. */
  upgrades: string[];
  close(): Promise<void>;
}

export async function startFailoverProxy(upstreams: string[]): Promise<FailoverProxy> {
  const targets = upstreams.map((origin) => new URL(origin));
  const down = new Set<string>();
  const answered = new Map(upstreams.map((origin) => [new URL(origin).origin, 0]));
  let next = 0;
  /** The upstreams to try for one request, in round-robin order, those up first. */
  const order = () => {
    const start = next++ % targets.length;
    const rotated = [...targets.slice(start), ...targets.slice(0, start)];
    return [...rotated.filter((t) => !down.has(t.origin)), ...rotated.filter((t) => down.has(t.origin))];
  };
  const sockets = new Set<Socket>();
  const upgrades: string[] = [];

  const forward = (
    incoming: IncomingMessage,
    body: Buffer,
    tries: URL[],
    reply: (status: number, headers: IncomingMessage['headers'], from: IncomingMessage | null) => void,
  ) => {
    const target = tries[0];
    if (!target) return reply(502, {}, null);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: {
          ...incoming.headers,
          host: target.host,
          'x-forwarded-for': String(incoming.socket.remoteAddress),
        },
      },
      (response) => {
        down.delete(target.origin);
        answered.set(target.origin, (answered.get(target.origin) ?? 0) + 1);
        reply(response.statusCode ?? 502, response.headers, response);
      },
    );
    // A refused or reset connection before any answer: that upstream is down, try the next one (a
    // request is retried only if the upstream cannot have read it, as a proxy's "non-idempotent" rule).
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      down.add(target.origin);
      if (error.code === 'ECONNREFUSED') forward(incoming, body, tries.slice(1), reply);
      else reply(502, {}, null);
    });
    upstream.end(body);
  };

  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () =>
      forward(incoming, Buffer.concat(chunks), order(), (status, headers, from) => {
        outgoing.writeHead(status, headers);
        if (!from) return outgoing.end();
        // An upstream that dies mid-answer ends the client's connection too, as a proxy does.
        from.on('error', () => outgoing.destroy());
        from.on('aborted', () => outgoing.destroy());
        from.pipe(outgoing);
      }),
    );
  });

  server.on('upgrade', (incoming: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const tryNext = (tries: URL[]) => {
      const target = tries[0];
      if (!target) return client.destroy();
      const upstream = connect(Number(target.port), target.hostname, () => {
        down.delete(target.origin);
        upgrades.push(target.origin);
        const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`];
        for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
          const name = incoming.rawHeaders[i]!;
          lines.push(`${name}: ${name.toLowerCase() === 'host' ? target.host : incoming.rawHeaders[i + 1]}`);
        }
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      sockets.add(upstream);
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED') {
          down.add(target.origin);
          upstream.removeAllListeners('close');
          tryNext(tries.slice(1));
        }
      });
      client.on('close', () => upstream.destroy());
    };
    tryNext(order());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    upgrades,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
