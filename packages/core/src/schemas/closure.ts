/**
 * Road closures: manual (switched on and off by people), automated (following an asset: its closure
 * is active while the asset's is), and feed (from an external work-zone feed, read-only here). The
 * API's shapes, the save payloads, the vocabularies (WZDx 4.2 enumerations) and the messages. Rules
 * that depend on the time or the organisation: closures/closure-rules.ts.
 */
import { z } from 'zod';
import { requiredText, storable } from './common';

/** The most points (origin, waypoints, destination) a driving route is asked through. */
export const DIRECTIONS_MAX_POINTS = 25;

export const CLOSURE_MESSAGES = {
  connectionFailed: 'Connection failed',
  routeRequired: "ERROR: Please create new Closure on map. Click 'View Instructions' above if needed.",
  endRequired: 'End date required',
  startRequired: 'Start date required',
  activeStartsLater: 'An active closure starts now or earlier; schedule one that starts later',
  endTooFar: 'End date must be within 3 months',
  endBeforeStart: 'End date must be after the start',
  assetRequired: 'An automated closure needs an asset',
  directionRequired: 'Direction required',
  activeOrScheduled: 'A closure is either active now or scheduled, not both',
  idInUse: 'ID is already in use. Please select a new ID',
  notManaged: 'Closure not managed by Dashboard',
  notFound: 'Closure not found',
  unableToSave: 'Unable to save Closure',
  unableToDelete: 'Unable to delete Closure',
  notAllowed: 'User does not have required permissions',
  quickUpdateFailed: 'Unable to Activate/Deactivate',
  directionsFailed: 'Something went wrong',
  tooManyRoutePoints: `A route may have at most ${DIRECTIONS_MAX_POINTS} points`,
  findingRoute: 'Finding route...',
} as const;

export const CLOSURE_DESCRIPTION_MAX = 100;
export const CLOSURE_ALERT_MESSAGE_MAX = 40;
export const WZDX_ID_MAX = 100;
/** A closure's road names (WZDx road_names: the roads it closes, e.g. "I-55 NB", "Main St"). */
export const ROAD_NAME_MAX = 100;
export const ROAD_NAMES_MAX = 10;
export const CLOSURE_END_MAX_MONTHS = 3;
/** A new active or scheduled closure's end is this long after now until the user sets it: one hour. */
export const DEFAULT_CLOSURE_LENGTH_MS = 3_600_000;
/** Points of a closure's route (the user's points, or the driving route through them). */
export const CLOSURE_ROUTE_MAX_POINTS = 5_000;

export const CLOSURE_TYPES = ['manual', 'automated', 'feed'] as const;
export type ClosureType = (typeof CLOSURE_TYPES)[number];
export const CLOSURE_STATUSES = ['active', 'standby', 'pending', 'offline'] as const;
export type ClosureStatus = (typeof CLOSURE_STATUSES)[number];
export const DIRECTIONS = ['N', 'E', 'S', 'W'] as const;

/** WZDx 4.2 `LocationMethod`, with the labels the form shows. */
export const LOCATION_METHODS = {
  'channel-device-method': 'Channel device',
  'sign-method': 'Sign',
  'junction-method': 'Junction',
  other: 'Other',
  unknown: 'Unknown',
} as const;
export type LocationMethod = keyof typeof LOCATION_METHODS;

/** WZDx 4.2 `VehicleImpact`, with the labels the form shows. */
export const VEHICLE_IMPACTS = {
  'all-lanes-closed': 'All lanes closed',
  'some-lanes-closed': 'Some lanes closed',
  'all-lanes-open': 'All lanes open',
  'alternating-one-way': 'Alternating one way',
  'some-lanes-closed-merge-left': 'Merge left',
  'some-lanes-closed-merge-right': 'Merge right',
  'all-lanes-open-shift-left': 'Shift left',
  'all-lanes-open-shift-right': 'Shift right',
  'some-lanes-closed-split': 'Split',
  flagging: 'Flagging',
  'temporary-traffic-signal': 'Temporary traffic signal',
  unknown: 'Unknown',
} as const;
export type VehicleImpact = keyof typeof VEHICLE_IMPACTS;

const enumOf = <T extends Record<string, string>>(values: T) =>
  z.enum(Object.keys(values) as [keyof T & string, ...Array<keyof T & string>]);

const LngLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
export const RouteSchema = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(LngLatSchema).max(CLOSURE_ROUTE_MAX_POINTS),
});
export type ClosureRoute = z.infer<typeof RouteSchema>;

/** The user's points (origin, waypoints, destination) a driving route is asked through. */
export const DirectionsRequestSchema = z.object({
  coordinates: z
    .array(LngLatSchema)
    .min(2, CLOSURE_MESSAGES.routeRequired)
    .max(DIRECTIONS_MAX_POINTS, CLOSURE_MESSAGES.tooManyRoutePoints),
});

/** The driving route; null when no directions service is configured (the straight segments then). */
export const DirectionsSchema = z.object({ route_path: RouteSchema.nullable() });

/** The error code of a directions service's failure, whose message is the service's own. */
export const DIRECTIONS_FAILED = 'directions_failed';

/** Lanes are numbered 1 to 9. */
const LanesSchema = z.array(z.number().int().min(1).max(9)).max(9);
const Timestamp = z.iso.datetime({ offset: true });

export const ClosureSchema = z.object({
  id: z.string(),
  closure_type: z.enum(CLOSURE_TYPES),
  thing_id: z.string().nullable(),
  thing: z
    .object({
      id: z.string(),
      nickname: z.string().nullable(),
      haas_id: z.string(),
      heartbeat_datetime: z.string().nullable(),
      registry_number: z.string().nullable(),
      vin_number: z.string().nullable(),
      license_plate_number: z.string().nullable(),
    })
    .nullable(),
  /** organization_type: the organisation type's name (police, fire, tow, ...). */
  organization: z.object({ id: z.string(), name: z.string(), organization_type: z.string() }),
  status: z.enum(CLOSURE_STATUSES),
  is_active: z.boolean(),
  is_in_service: z.boolean(),
  /** Manual and automated closures; feed closures are managed by their feed. */
  is_dashboard_managed: z.boolean(),
  /** Feed closures: the feed (its address without the query string) and the road event's id there. */
  feed: z.object({ url: z.string(), event_id: z.string() }).nullable(),
  description: z.string(),
  alert_message: z.string().nullable(),
  direction: z.enum(DIRECTIONS).nullable(),
  impacted_lanes: LanesSchema,
  /** The points the user clicked, and the route the directions service drew through them. */
  user_route: RouteSchema,
  route_path: RouteSchema,
  /** The route the directions service calculated through the user's points (route_path's spec name). */
  calculated_route: RouteSchema,
  /** The calculated route as a GeoJSON feature carrying what the geocoder found along it. */
  geocoded_route: z.object({
    type: z.literal('Feature'),
    geometry: RouteSchema,
    properties: z.object({
      street_start: z.string().nullable(),
      street_end: z.string().nullable(),
      road_names: z.array(z.string()),
    }),
  }),
  /** The roads it closes: typed on the form, else the streets the geocoder found at its ends. */
  road_names: z.array(z.string()),
  street_start: z.string().nullable(),
  street_end: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  last_start_time: z.string().nullable(),
  is_scheduled: z.boolean(),
  is_publish_on: z.boolean(),
  /** The work-zone id it is published under (unique in the organisation). */
  external_id: z.string().nullable(),
  location_method: enumOf(LOCATION_METHODS).nullable(),
  vehicle_impact: enumOf(VEHICLE_IMPACTS).nullable(),
  group_id: z.string().nullable(),
  is_wzdx_compliant: z.boolean(),
  updated_at: z.string(),
  is_deleted: z.boolean(),
});
export type Closure = z.infer<typeof ClosureSchema>;

export const ClosuresSchema = z.object({
  data: z.array(ClosureSchema),
  /** The closures of each status, of those listed (deleted ones left out). */
  counts: z.record(z.enum(CLOSURE_STATUSES), z.number()),
});
export type ClosureList = z.infer<typeof ClosuresSchema>;

export const ClosuresQuerySchema = z.object({
  'org_ids[]': z.union([z.uuid(), z.array(z.uuid())]).optional(),
  /** Only closures changed after it (deleted ones included, marked is_deleted). */
  last_updated_timestamp: Timestamp.optional(),
});

/** The closure form's and the API's save payload (POST, and PUT with the whole closure). */
export const ClosureInputSchema = z.object({
  closure_type: z.enum(['manual', 'automated']),
  thing_id: z.uuid().nullish(),
  is_in_service: z.boolean().default(true),
  description: requiredText().max(CLOSURE_DESCRIPTION_MAX, `${CLOSURE_DESCRIPTION_MAX} Max Characters`),
  alert_message: storable(
    z.string().trim().max(CLOSURE_ALERT_MESSAGE_MAX, `${CLOSURE_ALERT_MESSAGE_MAX} Max Characters`),
  ).nullish(),
  direction: z.enum(DIRECTIONS).nullish(),
  impacted_lanes: LanesSchema.default([]),
  user_route: RouteSchema.refine((route) => route.coordinates.length >= 2, CLOSURE_MESSAGES.routeRequired),
  /** The driving route through the user's points; their straight segments when absent. */
  route_path: RouteSchema.nullish(),
  road_names: z
    .array(storable(z.string().trim().min(1).max(ROAD_NAME_MAX, `${ROAD_NAME_MAX} Max Characters`)))
    .max(ROAD_NAMES_MAX, `At most ${ROAD_NAMES_MAX} road names`)
    .default([]),
  street_start: storable(z.string().trim().max(200)).nullish(),
  street_end: storable(z.string().trim().max(200)).nullish(),
  is_active: z.boolean().default(false),
  is_scheduled: z.boolean().default(false),
  start_time: Timestamp.nullish(),
  end_time: Timestamp.nullish(),
  is_publish_on: z.boolean().default(false),
  external_id: storable(z.string().trim().max(WZDX_ID_MAX, `${WZDX_ID_MAX} Max Characters`)).nullish(),
  location_method: enumOf(LOCATION_METHODS).nullish(),
  vehicle_impact: enumOf(VEHICLE_IMPACTS).nullish(),
  group_id: storable(z.string().trim().max(100)).nullish(),
  is_wzdx_compliant: z.boolean().default(false),
  /** On create: the owner (default the caller's organisation). Ignored on update. */
  organization_id: z.uuid().optional(),
});
export type ClosureInput = z.infer<typeof ClosureInputSchema>;

/** The list's Activate/Deactivate of a manual closure. */
export const ClosureQuickUpdateSchema = z.strictObject({
  uuid: z.uuid(),
  is_active: z.boolean(),
  end_time: Timestamp.nullish(),
});
export type ClosureQuickUpdate = z.infer<typeof ClosureQuickUpdateSchema>;

/** What the closure form says when a save fails, from the status and the server's message. */
export function closureSaveErrorMessage(status: number, serverMessage: string | undefined): string {
  if (status === 0) return CLOSURE_MESSAGES.connectionFailed;
  if (status === 404) return CLOSURE_MESSAGES.notFound;
  const message = (serverMessage ?? '').toLowerCase();
  if (status === 422 && (message.includes('violates unique') || message.includes('already in use')))
    return CLOSURE_MESSAGES.idInUse;
  if (status === 422 && message.includes('not managed')) return CLOSURE_MESSAGES.notManaged;
  return CLOSURE_MESSAGES.unableToSave;
}

/**
 * What the delete dialog says when a delete fails: the server's reason where it gives one (a feed
 * closure, a permission taken away since the page loaded), no connection, else the generic words.
 * (A 404 never comes here: a closure deleted already counts as deleted.)
 */
export function closureDeleteErrorMessage(status: number, serverMessage: string | undefined): string {
  if (status === 0) return CLOSURE_MESSAGES.connectionFailed;
  if (status === 403) return CLOSURE_MESSAGES.notAllowed;
  if (status === 422 && (serverMessage ?? '').toLowerCase().includes('not managed'))
    return CLOSURE_MESSAGES.notManaged;
  return CLOSURE_MESSAGES.unableToDelete;
}

/** What the closure form says when no driving route came: the service's reason, or its own words. */
export function directionsErrorMessage(code: string | undefined, serverMessage: string): string {
  return code === DIRECTIONS_FAILED ? serverMessage : CLOSURE_MESSAGES.directionsFailed;
}
