/** Payload of the domain event about exports: the export as the API shows it now, or deleted. */
import { z } from 'zod';
import { ExportSchema } from '../schemas/export';

export const ExportChangedSchema = z.object({
  organization_id: z.string(),
  export: ExportSchema,
  is_deleted: z.boolean(),
});
export type ExportChanged = z.infer<typeof ExportChangedSchema>;
