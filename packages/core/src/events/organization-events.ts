/** Payloads of the server's domain events about organisations. */
import { z } from 'zod';
import { domainEvent } from './domain-event';

export const OrganizationDeletedSchema = z.object({ organization_id: z.string() });

export const ORGANIZATION_EVENTS = {
  /** An empty organisation was deleted with its remaining data (its API keys among them). */
  'organization.deleted': domainEvent(OrganizationDeletedSchema, { shared: true }),
};
