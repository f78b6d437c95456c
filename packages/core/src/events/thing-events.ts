/**
 * What assets tell: the server's domain events about them (typed where they are emitted and handled,
 * checked against these schemas where they travel between server processes) and their live-feed
 * messages.
 */
import { z } from 'zod';
import type { LiveMessage } from '../live/messages';
import { liveMessage, type TrackedState } from '../live/live-message';
import { ThingSchema } from '../schemas/thing';
import { noticedStatus } from '../status/status-notices';
import { SERVER_STATUSES, type ServerStatus } from '../status/thing-status';
import { domainEvent } from './domain-event';

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

/** The asset's run (status/thing-run.ts), raised alarm and station, sent with every status update. */
const RunFields = ThingSchema.pick({
  run_started_at: true,
  run_alert_points: true,
  alarm: true,
  alarm_raised_at: true,
  station_id: true,
}).shape;

/**
 * An asset's update is an alert when, against what the feed last carried of it, it makes a change
 * the Live list tells of with a notice (core's noticedStatus: turning On-Scene, Responding or Offline,
 * taken Out-of-Service) or it raises an alarm. The first update the feed carries of an asset is no
 * change (nothing to compare it with).
 */
export function assetTurned(last: TrackedState | undefined, now: TrackedState): boolean {
  if (!last) return false;
  const after = {
    status: now.status as ServerStatus,
    in_service: (now.in_service ?? last.in_service) !== false,
  };
  const before = {
    status: last.status as ServerStatus,
    in_service: (last.in_service ?? after.in_service) !== false,
  };
  const alarmRaised = now.alarm_raised_at !== null && now.alarm_raised_at !== last.alarm_raised_at;
  return alarmRaised || noticedStatus(before, after) !== null;
}

interface AssetMessage {
  thing_id: string;
  status: ServerStatus;
  alarm_raised_at: string | null;
  in_service?: boolean | undefined;
}

/** What the feed tracks of an asset (a heartbeat without in_service leaves its last value). */
function assetState(message: AssetMessage): { subject: string; state: TrackedState } {
  const state: Record<string, string | boolean | null> = {
    status: message.status,
    alarm_raised_at: message.alarm_raised_at,
  };
  if (message.in_service !== undefined) state.in_service = message.in_service;
  return { subject: assetSubject(message.thing_id), state };
}

/** Every message about an asset (its position, status, registration) has the asset as its subject. */
const assetSubject = (thingId: string) => `thing:${thingId}`;

const assetRules = {
  subject: (message: AssetMessage) => assetSubject(message.thing_id),
  urgent: (message: AssetMessage, last: TrackedState | undefined) =>
    assetTurned(last, assetState(message).state),
  track: assetState,
};

/** The asset moved: its new position and status. */
export const pointMessage = liveMessage(
  'point',
  {
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
  },
  { key: (message) => `point:${message.thing_id}`, ...assetRules },
);

/** A registration or an edit: the whole asset (a deactivated one is removed by the dashboards). */
export const thingMessage = liveMessage(
  'thing',
  { thing: ThingSchema },
  { key: (message) => `thing:${message.thing.id}`, subject: (message) => assetSubject(message.thing.id) },
);

/** The asset checked in, or only its status changed. */
export const heartbeatMessage = liveMessage(
  'heartbeat',
  {
    thing_id: z.string(),
    /** Absent when only time moved the status on (the status sweep). */
    in_service: z.boolean().optional(),
    status: z.enum(SERVER_STATUSES),
    heartbeat_datetime: z.string().nullable(),
    ...RunFields,
  },
  { key: (message) => `heartbeat:${message.thing_id}`, ...assetRules },
);

/** A state change: a `point` when it moved the asset, otherwise a `heartbeat`. */
export function stateMessage(state: ThingState): LiveMessage {
  const shared = {
    thing_id: state.thing_id,
    in_service: state.in_service,
    status: state.status,
    run_started_at: state.run_started_at,
    run_alert_points: state.run_alert_points,
    alarm: state.alarm,
    alarm_raised_at: state.alarm_raised_at,
    station_id: state.station_id,
  };
  if (state.moved && state.lat !== null && state.lng !== null && state.heartbeat_at !== null) {
    return {
      type: 'point',
      ...shared,
      lat: state.lat,
      lng: state.lng,
      speed: state.speed,
      course: state.course,
      accuracy: state.accuracy,
      enroute: state.enroute,
      street: state.street,
      heartbeat_datetime: state.heartbeat_at,
    };
  }
  return { type: 'heartbeat', ...shared, heartbeat_datetime: state.heartbeat_at };
}

export const THING_EVENTS = {
  /** Assets' live state after a commit: each state goes to the organisations that see the asset. */
  'thing.states-changed': domainEvent(ThingStatesChangedSchema, {
    shared: false,
    live: ({ states }) =>
      states.map((state) => ({ organizationIds: state.organization_ids, message: stateMessage(state) })),
  }),
  /** An asset was registered or edited: every process's device directory forgets what it knew. */
  'thing.changed': domainEvent(ThingChangedSchema, {
    shared: true,
    live: (change) => [
      { organizationIds: change.organization_ids, message: { type: 'thing', thing: change.thing } },
    ],
  }),
};

export const THING_LIVE_MESSAGES = [pointMessage, thingMessage, heartbeatMessage] as const;
