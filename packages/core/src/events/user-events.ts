/** Payloads of the server's domain events about users. */
import { z } from 'zod';
import { domainEvent } from './domain-event';

/** Every session of the user has ended (suspended or deleted): live-feed sockets close at once. */
export const UserSessionsEndedSchema = z.object({ user_id: z.string() });

export const USER_EVENTS = {
  /** A user's sessions were ended: every process closes that user's live-feed sockets. */
  'user.sessions-ended': domainEvent(UserSessionsEndedSchema, { shared: true }),
};
