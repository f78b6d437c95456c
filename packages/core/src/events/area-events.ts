/** Payload of the domain event about areas: which organisation's area was added, changed or deleted. */
import { z } from 'zod';
import { domainEvent } from './domain-event';

export const AreaChangedSchema = z.object({
  organization_id: z.string(),
  area_id: z.string(),
});
export type AreaChanged = z.infer<typeof AreaChangedSchema>;

export const AREA_EVENTS = {
  /** An area was added, changed or deleted: every process's station index reloads its organisation. */
  'area.changed': domainEvent(AreaChangedSchema, { shared: true }),
};
