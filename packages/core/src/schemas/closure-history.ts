/**
 * A closure's activity history as the API answers it (`GET /organization/closure/{id}/history`): each
 * time it was added, switched on or off, changed, brought back to standby by its asset or deleted, by
 * whom and when, newest first.
 */
import { z } from 'zod';

export const CLOSURE_HISTORY_ACTIONS = [
  'created',
  'switched_on',
  'switched_off',
  'changed',
  'back_to_standby',
  'deleted',
] as const;
export type ClosureHistoryAction = (typeof CLOSURE_HISTORY_ACTIONS)[number];

/** Who made a change: a user, the closure's schedule, its asset's check-in, or the work-zone feed. */
export const CLOSURE_CHANGE_SOURCES = ['user', 'schedule', 'asset', 'feed'] as const;
export type ClosureChangeSource = (typeof CLOSURE_CHANGE_SOURCES)[number];

export const ClosureHistoryEntrySchema = z.object({
  id: z.string(),
  /** When the change was made (ISO 8601). */
  at: z.string(),
  action: z.enum(CLOSURE_HISTORY_ACTIONS),
  source: z.enum(CLOSURE_CHANGE_SOURCES),
  /** The user who made it, named as then (the id null once they are deleted); null for the others. */
  user: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  /** Whether the closure was active after the change. */
  is_active: z.boolean(),
});
export type ClosureHistoryEntry = z.infer<typeof ClosureHistoryEntrySchema>;

export const ClosureHistorySchema = z.object({ data: z.array(ClosureHistoryEntrySchema) });
