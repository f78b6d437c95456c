/** A TCP proxy in front of the database that a test or benchmark can stall, as a dead network does. */
import net from 'node:net';

export /** Forwards TCP to the database; `stall` stops every byte both ways (as a dead network does) until `resume`. */
class StallableProxy {
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private stalled = false;
  private readonly server = net.createServer((client) => {
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
    if (this.stalled) for (const socket of pair) socket.pause();
  });

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  stall(): void {
    this.stalled = true;
    for (const pair of this.pairs) for (const socket of pair) socket.pause();
  }

  resume(): void {
    this.stalled = false;
    for (const pair of this.pairs) for (const socket of pair) socket.resume();
  }

  close(): Promise<void> {
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
