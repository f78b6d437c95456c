/**
 * How a section declares what it tells: its domain events (the server's typed events, checked
 * against their schema where they travel between server processes) and its live-feed messages, with
 * which events become which messages for which organisations. Each section's events and messages are
 * listed once in `section-feeds.ts`; the server's event bus and live feed read those lists.
 */
import type { z } from 'zod';
import type { LiveMessage } from '../live/messages';

/** A live-feed message for the sockets watching these organisations. */
export interface LiveDelivery {
  organizationIds: readonly string[];
  message: LiveMessage;
}

export interface DomainEventDefinition<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** Travels to the other server processes (over the bus), where it is checked against the schema. */
  shared: boolean;
  /** Emitted and watched per key (an organisation). */
  keyed?: boolean;
  /** The live-feed messages it makes, published by the process that emitted it (every process's sockets get them). */
  live?(payload: z.infer<S>): readonly LiveDelivery[];
}

export function domainEvent<S extends z.ZodType>(
  schema: S,
  rules: Omit<DomainEventDefinition<S>, 'schema'>,
): DomainEventDefinition<S> {
  return { schema, ...rules };
}
