/**
 * Every domain event of the server: its name, the core schema of its payload, and whether it is shared
 * with the other server processes (then it travels over the bus and is checked against its schema
 * there). A keyed event is emitted and watched per key, e.g. per organisation.
 */
import type { z } from 'zod';
import { AreaChangedSchema } from '@flare/core/events/area-events';
import { ClosureChangedSchema } from '@flare/core/events/closure-events';
import { ExportChangedSchema } from '@flare/core/events/export-events';
import { IncidentChangedSchema } from '@flare/core/events/incident-events';
import { ThingChangedSchema, ThingStatesChangedSchema } from '@flare/core/events/thing-events';
import { UserSessionsEndedSchema } from '@flare/core/events/user-events';
import { LiveMessageSchema } from '@flare/core/live/messages';

interface EventDefinition {
  schema: z.ZodType;
  shared: boolean;
  keyed?: boolean;
}

export const EVENTS = {
  /** Assets' live state after a commit; this process's live feed turns it into `org.live` messages. */
  'thing.states-changed': { schema: ThingStatesChangedSchema, shared: false },
  /** An asset was registered or edited: every process's device directory forgets what it knew. */
  'thing.changed': { schema: ThingChangedSchema, shared: true },
  /** An incident opened, an asset joined or left it, it ended, or a user moved it: as stored now. */
  'incident.changed': { schema: IncidentChangedSchema, shared: true },
  /** An area was added, changed or deleted: every process's station index reloads its organisation. */
  'area.changed': { schema: AreaChangedSchema, shared: true },
  /** A closure was added, changed, switched on or off, or deleted: every process's active-closure index follows. */
  'closure.changed': { schema: ClosureChangedSchema, shared: true },
  /** An export was asked for, moved on, finished, failed or was deleted: the live feed tells its organisation. */
  'export.changed': { schema: ExportChangedSchema, shared: true },
  /** A user's sessions were ended: every process closes that user's live-feed sockets. */
  'user.sessions-ended': { schema: UserSessionsEndedSchema, shared: true },
  /** A live-feed message for the organisation named by the key, for every process's sockets. */
  'org.live': { schema: LiveMessageSchema, shared: true, keyed: true },
} as const satisfies Record<string, EventDefinition>;

export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]['schema']>;
