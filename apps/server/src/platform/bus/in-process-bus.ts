/** The default bus: one process, no server. Delivery is deferred so publishers never run handlers inline. */
import type { Bus, BusErrorHandler } from './bus';
import { assertPattern, assertTopic, topicMatches } from './topics';

interface Subscription {
  pattern: string;
  handler: (message: unknown) => void;
  active: boolean;
  /** Subscriptions a message reaches are called in the order they were made. */
  order: number;
}

export class InProcessBus implements Bus {
  /**
   * Subscriptions to one topic (most: a live feed's organisation, say), found by it; the patterns
   * with wildcards are matched one by one.
   */
  private readonly byTopic = new Map<string, Set<Subscription>>();
  private readonly withWildcards = new Set<Subscription>();
  private made = 0;
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
    const targets = [...this.withWildcards].filter((s) => topicMatches(s.pattern, topic));
    const exact = this.byTopic.get(topic);
    if (exact) {
      targets.push(...exact);
      if (targets.length > exact.size) targets.sort((a, b) => a.order - b.order);
    }
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
    const subscription: Subscription = { pattern, handler, active: true, order: this.made++ };
    const wildcard = pattern.split('.').some((token) => token === '*' || token === '>');
    let group = this.withWildcards;
    if (!wildcard) {
      group = this.byTopic.get(pattern) ?? new Set();
      this.byTopic.set(pattern, group);
    }
    group.add(subscription);
    return Promise.resolve(() => {
      subscription.active = false;
      group.delete(subscription);
      if (!wildcard && group.size === 0 && this.byTopic.get(pattern) === group) this.byTopic.delete(pattern);
      return Promise.resolve();
    });
  }

  close(): Promise<void> {
    this.closed = true;
    for (const group of [this.withWildcards, ...this.byTopic.values()])
      for (const subscription of group) subscription.active = false;
    this.withWildcards.clear();
    this.byTopic.clear();
    return Promise.resolve();
  }
}

function defaultErrorHandler(error: unknown, topic: string): void {
  console.error(`bus handler for "${topic}" failed`, error);
}
