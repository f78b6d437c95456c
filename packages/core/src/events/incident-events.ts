/** Payload of the domain event about incidents: the incident as the API shows it, and who sees it. */
import { z } from 'zod';
import { LocationSchema } from '../schemas/location';

export const IncidentChangedSchema = z.object({
  location: LocationSchema,
  /** The incident's organisation and every organisation that sees one of its assets. */
  organization_ids: z.array(z.string()),
});
export type IncidentChanged = z.infer<typeof IncidentChangedSchema>;
