/**
 * Every domain event of the server: the sections' events (declared in core `events/`, listed in
 * `events/section-feeds.ts`: name, payload schema, whether it is shared with the other server
 * processes, the live-feed messages it makes) and the live feed's own. A shared event travels over
 * the bus and is checked against its schema there; a keyed one is emitted and watched per key.
 */
import type { z } from 'zod';
import { domainEvent } from '@flare/core/events/domain-event';
import { DOMAIN_EVENTS } from '@flare/core/events/section-feeds';
import { LiveMessageSchema } from '@flare/core/live/messages';

export const EVENTS = {
  ...DOMAIN_EVENTS,
  /** A live-feed message for the organisation named by the key, for every process's sockets. */
  'org.live': domainEvent(LiveMessageSchema, { shared: true, keyed: true }),
};

export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]['schema']>;
