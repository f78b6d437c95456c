/** The default bus: one process, no server. Delivery is deferred so publishers never run handlers inline. */
import type { Bus, BusErrorHandler } from './bus';
import { assertPattern, assertTopic, topicMatches } from './topics';

interface Subscription {
  pattern: string;
  handler: (message: unknown) => void;
  active: boolean;
}

export class InProcessBus implements Bus {
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  constructor(private readonly onHandlerError: BusErrorHandler = defaultErrorHandler) {}

  publish(topic: string, message: unknown): Promise<void> {
    // Errors become rejections, as from any other async bus.
    try {
      this.deliver(topic, message);
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private deliver(topic: string, message: unknown): void {
    if (this.closed) throw new Error('bus closed');
    assertTopic(topic);
    const targets = [...this.subscriptions].filter((s) => topicMatches(s.pattern, topic));
    if (targets.length > 0) {
      // A JSON round trip gives subscribers what NATS would give them, and a copy the publisher cannot
      // change (`undefined` has no JSON form; it travels as null). Nobody listening: no copy to make.
      const json = (JSON.stringify(message) as string | undefined) ?? 'null';
      setImmediate(() => {
        for (const subscription of targets) {
          // Unsubscribed between publish and delivery: skip, as a NATS client would.
          if (!subscription.active) continue;
          try {
            subscription.handler(JSON.parse(json) as unknown);
          } catch (error) {
            this.onHandlerError(error, topic);
          }
        }
      });
    }
  }

  subscribe(pattern: string, handler: (message: unknown) => void): Promise<() => Promise<void>> {
    if (this.closed) return Promise.reject(new Error('bus closed'));
    try {
      assertPattern(pattern);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const subscription: Subscription = { pattern, handler, active: true };
    this.subscriptions.add(subscription);
    return Promise.resolve(() => {
      subscription.active = false;
      this.subscriptions.delete(subscription);
      return Promise.resolve();
    });
  }

  close(): Promise<void> {
    this.closed = true;
    for (const subscription of this.subscriptions) subscription.active = false;
    this.subscriptions.clear();
    return Promise.resolve();
  }
}

function defaultErrorHandler(error: unknown, topic: string): void {
  console.error(`bus handler for "${topic}" failed`, error);
}
