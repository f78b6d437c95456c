/** Payloads of the server's domain events about integrations' API keys. */
import { z } from 'zod';
import { domainEvent } from './domain-event';

export const ApiKeyRevokedSchema = z.object({ api_key_id: z.string() });

export const API_KEY_EVENTS = {
  /** A key was revoked: every process forgets it at once (they keep the keys they have read). */
  'api-key.revoked': domainEvent(ApiKeyRevokedSchema, { shared: true }),
};
