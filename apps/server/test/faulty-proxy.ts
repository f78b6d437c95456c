/** A TCP proxy in front of the database that a test or benchmark turns faulty, as a database host or its network fails. */
import net from 'node:net';

/** PostgreSQL's refusals of a new connection, by SQLSTATE, with its own words. */
const REFUSALS = {
  '57P03': 'the database system is starting up',
  '53300': 'sorry, too many clients already',
} as const;

/**
 * How the proxy fails: `stall` stops every byte both ways (a dead network); `refuse` resets every
 * connection at once (a host that is down); a SQLSTATE of REFUSALS answers each new connection's
 * startup message as PostgreSQL refuses one. Every fault but the stall cuts the open connections.
 */
export type DatabaseFault = 'stall' | 'refuse' | keyof typeof REFUSALS;

/** The startup message's code asking for TLS, which comes first when the client wants it. */
const SSL_REQUEST = 80_877_103;

/** An ErrorResponse message: severity FATAL, the SQLSTATE and the message. */
function fatalError(code: keyof typeof REFUSALS): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${REFUSALS[code]}\0\0`);
  const header = Buffer.alloc(5);
  header.write('E');
  header.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([header, fields]);
}

/** Reads the client's startup packets (declining TLS with 'N'), answers the startup message with `code`'s refusal and closes. */
function refuseStartup(client: net.Socket, code: keyof typeof REFUSALS): void {
  let received = Buffer.alloc(0);
  client.on('error', () => client.destroy());
  client.on('data', (chunk) => {
    received = Buffer.concat([received, chunk]);
    while (received.length >= 8 && received.length >= received.readInt32BE(0)) {
      const request = received.readInt32BE(4);
      received = received.subarray(received.readInt32BE(0));
      if (request !== SSL_REQUEST) return client.end(fatalError(code));
      client.write('N');
    }
  });
}

export /** Forwards TCP to the database until `fail` makes it fail one way, and again after `heal`. */
class FaultyProxy {
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private fault: DatabaseFault | null = null;
  private readonly server = net.createServer((client) => {
    if (this.fault === 'refuse') client.resetAndDestroy();
    else if (this.fault && this.fault !== 'stall') refuseStartup(client, this.fault);
    else this.forward(client);
  });

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  fail(fault: DatabaseFault): void {
    this.fault = fault;
    for (const pair of this.pairs)
      for (const socket of pair) {
        if (fault === 'stall') socket.pause();
        else socket.resetAndDestroy();
      }
  }

  heal(): void {
    this.fault = null;
    for (const pair of this.pairs) for (const socket of pair) socket.resume();
  }

  close(): Promise<void> {
    for (const pair of this.pairs) for (const socket of pair) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private forward(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    this.pairs.add(pair);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    if (this.fault === 'stall') for (const socket of pair) socket.pause();
  }
}
