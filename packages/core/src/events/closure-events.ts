/** Payload of the domain event about closures: which closure changed, and the asset it is on (if any). */
import { z } from 'zod';

export const ClosureChangedSchema = z.object({
  organization_id: z.string(),
  closure_id: z.string(),
  thing_id: z.string().nullable(),
});
export type ClosureChanged = z.infer<typeof ClosureChangedSchema>;
