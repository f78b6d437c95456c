/**
 * Payload of the domain event about closures: the closure as the API shows it now (a deleted one with
 * `is_deleted`), and the asset whose status follows it (its own, or the one it just left).
 */
import { z } from 'zod';
import { ClosureSchema } from '../schemas/closure';

export const ClosureChangedSchema = z.object({
  organization_id: z.string(),
  closure_id: z.string(),
  thing_id: z.string().nullable(),
  closure: ClosureSchema,
});
export type ClosureChanged = z.infer<typeof ClosureChangedSchema>;
