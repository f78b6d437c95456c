/** The bus over NATS, for several server processes sharing one live feed. Subjects are the bus topics. */
import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { Bus, BusErrorHandler } from './bus';
import { assertPattern, assertTopic } from './topics';

const codec = JSONCodec<unknown>();

export class NatsBus implements Bus {
  private readonly subscriptions = new Set<Subscription>();

  private constructor(
    private readonly connection: NatsConnection,
    private readonly onHandlerError: BusErrorHandler,
  ) {}

  static async connect(
    url: string,
    options: { timeoutMs?: number; onHandlerError?: BusErrorHandler } = {},
  ): Promise<NatsBus> {
    const connection = await connect({
      servers: url,
      name: 'flare-server',
      timeout: options.timeoutMs ?? 5_000,
      // A server outlives NATS restarts: keep reconnecting rather than give up after the default 10 tries.
      maxReconnectAttempts: -1,
    });
    return new NatsBus(connection, options.onHandlerError ?? defaultErrorHandler);
  }

  publish(topic: string, message: unknown): Promise<void> {
    // The client throws synchronously (closed, draining, bad subject); callers expect a rejection.
    try {
      if (this.connection.isClosed()) throw new Error('bus closed');
      assertTopic(topic);
      this.connection.publish(topic, codec.encode(message));
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  async subscribe(pattern: string, handler: (message: unknown) => void): Promise<() => Promise<void>> {
    if (this.connection.isClosed()) throw new Error('bus closed');
    assertPattern(pattern);
    const subscription = this.connection.subscribe(pattern, {
      callback: (error, msg) => {
        if (error) return this.onHandlerError(error, pattern);
        let message: unknown;
        try {
          message = codec.decode(msg.data);
        } catch (decodeError) {
          // Someone else published non-JSON on our subject: drop it rather than break the subscription.
          return this.onHandlerError(decodeError, msg.subject);
        }
        try {
          handler(message);
        } catch (handlerError) {
          this.onHandlerError(handlerError, msg.subject);
        }
      },
    });
    this.subscriptions.add(subscription);
    // The promise means "live": wait until the server has registered the interest.
    await this.connection.flush();
    return async () => {
      this.subscriptions.delete(subscription);
      if (subscription.isClosed() || this.connection.isClosed()) return;
      subscription.unsubscribe();
      await this.connection.flush();
    };
  }

  async close(): Promise<void> {
    if (this.connection.isClosed()) return;
    this.subscriptions.clear();
    // Drain delivers what is already in flight to us and sends what we published, then closes.
    await this.connection.drain();
  }
}

function defaultErrorHandler(error: unknown, topic: string): void {
  console.error(`bus handler for "${topic}" failed`, error);
}
