/**
 * A gate in front of an S3-compatible server: a proxy on 127.0.0.1 that passes every request on
 * unchanged (method, path, headers with the Host the client signed, body streamed) to the bucket's
 * server, except that while the gate is closed (from `hold` to `release`) a request that uploads an
 * object's bytes (a PUT of PutObject, or of UploadPart: `partNumber` in the query) waits until the
 * gate opens, its body taken in but not passed on. A held request whose client goes away is dropped;
 * `close` ends every connection, held ones included. Tests only.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface HeldUploadsProxy {
  /** `bucketUrl` with its host and port the proxy's. */
  url: string;
  /** How many uploads are held now. */
  held(): number;
  /** Closes the gate: the uploads that come from now on are held. */
  hold(): void;
  /** Opens the gate: the held uploads and those that come later go through. */
  release(): void;
  /** Ends every connection, held ones included, and stops listening. */
  close(): Promise<void>;
}

/** A held request: the bytes of its body taken in so far (read, so that a client going away is seen). */
interface Held {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
  taken: Buffer[];
  take: (chunk: Buffer) => void;
}

/** PutObject and UploadPart: a PUT to a key (`/bucket/key`) with its bytes, not a copy of an object. */
function uploadsBytes(incoming: IncomingMessage): boolean {
  const { pathname, searchParams } = new URL(incoming.url ?? '/', 'http://proxy');
  if (incoming.method !== 'PUT' || !/^\/[^/]+\/./.test(pathname)) return false;
  if (incoming.headers['x-amz-copy-source']) return false;
  // Any other query (?acl, ?tagging, ...) names a subresource, not the object's bytes.
  return searchParams.has('partNumber') || [...searchParams.keys()].every((name) => name === 'x-id');
}

export async function startHeldUploadsProxy(bucketUrl: string): Promise<HeldUploadsProxy> {
  const target = new URL(bucketUrl);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  let holding = false;
  const held = new Set<Held>();

  /** Sends the request on, the body taken in while it was held first, and answers with the reply. */
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse, taken: Buffer[] = []) => {
    const upstream = send(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.on('error', () => outgoing.destroy());
        response.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    // A client that goes away ends its request upstream too.
    outgoing.on('close', () => upstream.destroy());
    for (const chunk of taken) upstream.write(chunk);
    incoming.pipe(upstream);
  };

  const server = createServer((incoming, outgoing) => {
    if (!holding || !uploadsBytes(incoming)) return forward(incoming, outgoing);
    const request: Held = { incoming, outgoing, taken: [], take: (chunk) => request.taken.push(chunk) };
    held.add(request);
    incoming.on('data', request.take);
    outgoing.on('close', () => held.delete(request));
  });
  // A held request may wait longer than a request's usual time limit.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = new URL(bucketUrl);
  url.host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url: url.toString(),
    held: () => held.size,
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      const waiting = [...held];
      held.clear();
      for (const { incoming, outgoing, taken, take } of waiting) {
        incoming.off('data', take);
        forward(incoming, outgoing, taken);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { incoming } of held) incoming.socket.destroy();
        held.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
