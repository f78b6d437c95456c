/**
 * The message bus that carries domain events between server processes: in-process by default,
 * NATS when NATS_URL is set, so several servers sharing one NATS behave as one live feed.
 *
 * Topics are dot-separated tokens (`live.org.<organizationId>`), with the NATS subject rules in every
 * implementation so that code tested on the in-process bus behaves the same on NATS:
 * - a subscription pattern may use `*` for exactly one token (`live.org.*` matches `live.org.42`
 *   but not `live.org` nor `live.org.42.x`) and `>` as its last token for one or more tokens
 *   (`live.>` matches `live.org.42` and `live.org.42.x`, not `live`);
 * - a published topic is concrete: no wildcards, no empty tokens, no whitespace.
 * (The matching itself is in topics.ts.) Messages travel as JSON, so a subscriber receives a copy in
 * JSON form (a Date becomes a string), never the publisher's object. Delivery is asynchronous and in publish order per subscriber.
 */
export interface Bus {
  publish(topic: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is live; the returned function ends it. */
  subscribe(topic: string, handler: (message: unknown) => void): Promise<() => Promise<void>>;
  /** Ends all subscriptions; publish and subscribe then reject. */
  close(): Promise<void>;
}

/** Called when a subscriber's handler throws: one bad handler must not stop delivery to others. */
export type BusErrorHandler = (error: unknown, topic: string) => void;
