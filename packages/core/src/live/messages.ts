/**
 * Live-feed messages: what the server pushes inside ActionCable `{ identifier, message }` frames, and
 * what the web app parses each frame against.
 */
import { z } from 'zod';
import type { Access } from '../permissions/access';
import { SERVER_STATUSES } from '../status/thing-status';
import { ClosureSchema } from '../schemas/closure';
import { ExportSchema } from '../schemas/export';
import { LocationSchema } from '../schemas/location';
import { ThingSchema } from '../schemas/thing';

export const LIVE_CHANNEL = 'EventsChannel';
/** The sub-protocol a dashboard sends next to its access token. */
export const LIVE_SUBPROTOCOL = 'datapumper';

/** The asset's run (status/thing-run.ts), raised alarm and station, sent with every status update. */
const RunFields = ThingSchema.pick({
  run_started_at: true,
  run_alert_points: true,
  alarm: true,
  alarm_raised_at: true,
  station_id: true,
}).shape;

export const PointMessageSchema = z.object({
  type: z.literal('point'),
  thing_id: z.string(),
  lat: z.number(),
  lng: z.number(),
  speed: z.number().nullable(),
  course: z.number().nullable(),
  accuracy: z.number().nullable(),
  enroute: z.boolean(),
  in_service: z.boolean(),
  status: z.enum(SERVER_STATUSES),
  street: z.string().nullable(),
  heartbeat_datetime: z.string(),
  ...RunFields,
});

export const ThingMessageSchema = z.object({ type: z.literal('thing'), thing: ThingSchema });

export const HeartbeatMessageSchema = z.object({
  type: z.literal('heartbeat'),
  thing_id: z.string(),
  /** Absent when only time moved the status on (the status sweep). */
  in_service: z.boolean().optional(),
  status: z.enum(SERVER_STATUSES),
  heartbeat_datetime: z.string().nullable(),
  ...RunFields,
});

/** An incident was detected, an asset joined or left it, it ended, or a user moved it. */
export const LocationMessageSchema = z.object({ type: z.literal('location'), location: LocationSchema });

/**
 * A closure was added, changed, switched on or off (by a user or its schedule), or deleted
 * (`is_deleted`: dashboards drop it), or its asset's check-in brought it back to standby.
 */
export const ClosureMessageSchema = z.object({ type: z.literal('closure'), closure: ClosureSchema });

/** An export was asked for, moved on (rows written, progress), completed, failed or was deleted. */
export const ExportMessageSchema = z.object({
  type: z.literal('export'),
  export: ExportSchema,
  /** Deleted: dashboards drop it. */
  is_deleted: z.boolean(),
});

export const LiveMessageSchema = z.discriminatedUnion('type', [
  PointMessageSchema,
  ThingMessageSchema,
  HeartbeatMessageSchema,
  LocationMessageSchema,
  ClosureMessageSchema,
  ExportMessageSchema,
]);
export type LiveMessage = z.infer<typeof LiveMessageSchema>;

/**
 * What a subscriber must hold, beyond watching the organisation's feed (which needs viewThings), to
 * receive a message of the type: closures go only to those who may see closures, exports to those who
 * may see exports.
 */
export const LIVE_MESSAGE_ACCESS: Partial<Record<LiveMessage['type'], Access>> = {
  closure: 'viewClosures',
  export: 'viewExports',
};
/** The messages about one asset. */
export type ThingLiveMessage = Extract<LiveMessage, { type: 'point' | 'thing' | 'heartbeat' }>;

/** The key under which messages coalesce: a later message with the same key replaces an earlier one. */
export function coalescingKey(message: LiveMessage): string {
  switch (message.type) {
    case 'thing':
      return `thing:${message.thing.id}`;
    case 'location':
      return `location:${message.location.id}`;
    case 'closure':
      return `closure:${message.closure.id}`;
    case 'export':
      return `export:${message.export.id}`;
    case 'point':
    case 'heartbeat':
      return `${message.type}:${message.thing_id}`;
  }
}
