/**
 * Payload of the domain event about closures: the closure as the API shows it now (a deleted one with
 * `is_deleted`), and the asset whose status follows it (its own, or the one it just left).
 */
import { z } from 'zod';
import { liveMessage } from '../live/live-message';
import { ClosureSchema } from '../schemas/closure';
import { domainEvent } from './domain-event';

export const ClosureChangedSchema = z.object({
  organization_id: z.string(),
  closure_id: z.string(),
  thing_id: z.string().nullable(),
  closure: ClosureSchema,
});
export type ClosureChanged = z.infer<typeof ClosureChangedSchema>;

/**
 * A closure was added, changed, switched on or off (by a user or its schedule), or deleted
 * (`is_deleted`: dashboards drop it), or its asset's check-in brought it back to standby. Only those
 * who may see closures receive it.
 */
export const closureMessage = liveMessage(
  'closure',
  { closure: ClosureSchema },
  // Every change of a closure (switched on or off above all) is an alert: it goes out at once.
  { access: 'viewClosures', key: (message) => `closure:${message.closure.id}`, urgent: () => true },
);

export const CLOSURE_EVENTS = {
  /**
   * A closure was added, changed, switched on or off, or deleted: every process's active-closure
   * index follows; those who see the organisation see it live (other organisations' only platform
   * administrators).
   */
  'closure.changed': domainEvent(ClosureChangedSchema, {
    shared: true,
    live: (change) => [
      { organizationIds: [change.organization_id], message: { type: 'closure', closure: change.closure } },
    ],
  }),
};

export const CLOSURE_LIVE_MESSAGES = [closureMessage] as const;
