/** Payloads of the server's domain events about users. */
import { z } from 'zod';

/** Every session of the user has ended (suspended or deleted): live-feed sockets close at once. */
export const UserSessionsEndedSchema = z.object({ user_id: z.string() });
