/**
 * Payloads of the server's domain events about assets. They are typed where they are emitted and
 * handled, and checked against these schemas where they travel between server processes.
 */
import { z } from 'zod';
import { ThingSchema } from '../schemas/thing';
import { SERVER_STATUSES } from '../status/thing-status';

/** An asset's live state after a change, and the organisations that see it. */
export const ThingStateSchema = z.object({
  thing_id: z.string(),
  organization_ids: z.array(z.string()),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  speed: z.number().nullable(),
  course: z.number().nullable(),
  accuracy: z.number().nullable(),
  enroute: z.boolean(),
  in_service: z.boolean(),
  status: z.enum(SERVER_STATUSES),
  status_changed_at: z.string(),
  street: z.string().nullable(),
  heartbeat_at: z.string().nullable(),
  /** Whether this change moved the asset (otherwise it checked in, or only its status changed). */
  moved: z.boolean(),
  run_started_at: z.string().nullable(),
  run_alert_points: z.number().int(),
  alarm: z.string().nullable(),
  alarm_raised_at: z.string().nullable(),
  station_id: z.string().nullable(),
});
export type ThingState = z.infer<typeof ThingStateSchema>;

/** What changed the states: device reports, time passing (the sweep), a context change, a user. */
export const STATE_CHANGE_CAUSES = ['report', 'time', 'context', 'user'] as const;
export type StateChangeCause = (typeof STATE_CHANGE_CAUSES)[number];

export const ThingStatesChangedSchema = z.object({
  cause: z.enum(STATE_CHANGE_CAUSES),
  states: z.array(ThingStateSchema),
});
export type ThingStatesChanged = z.infer<typeof ThingStatesChangedSchema>;

/** An asset was registered or its profile or organisations changed. */
export const ThingChangedSchema = z.object({
  thing: ThingSchema,
  /** Every organisation that saw it before or sees it now. */
  organization_ids: z.array(z.string()),
  /** The device ids it has or had. */
  device_ids: z.array(z.string()),
});
export type ThingChanged = z.infer<typeof ThingChangedSchema>;
