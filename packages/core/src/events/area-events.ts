/** Payload of the domain event about areas: which organisation's area was added, changed or deleted. */
import { z } from 'zod';

export const AreaChangedSchema = z.object({
  organization_id: z.string(),
  area_id: z.string(),
});
export type AreaChanged = z.infer<typeof AreaChangedSchema>;
