/**
 * Motorist alerts: what Flare tells drivers approaching its responders, scenes, closures, work zones,
 * wrong-way-driver zones and hazards. An alert is derived from its source (alerts/alert-rules.ts) and
 * ends when the source ends; these are the API's shapes and messages.
 */
import { z } from 'zod';
import { HAZARD_SEVERITY_IDS } from './hazard';

/** What an alert warns of, most urgent first. */
export const ALERT_TYPES = {
  responder_approaching: 'Emergency vehicle approaching',
  responder_scene: 'Emergency scene',
  wrong_way_driver: 'Wrong-way driver',
  road_closure: 'Road closed',
  work_zone: 'Work zone',
  hazard: 'Hazard',
} as const;
export type AlertType = keyof typeof ALERT_TYPES;
export const ALERT_TYPE_IDS = Object.keys(ALERT_TYPES) as [AlertType, ...AlertType[]];

/** The kinds of source an alert comes from, with the API under which the source itself is found. */
export const ALERT_SOURCES = ['thing', 'incident', 'closure', 'zone', 'hazard'] as const;
export type AlertSourceKind = (typeof ALERT_SOURCES)[number];

/** An alert's id as an address names it: its source's kind and id. */
export const AlertIdSchema = z.string().regex(new RegExp(`^(${ALERT_SOURCES.join('|')}):[0-9a-f-]{36}$`));

/** Vehicles one connection (an app, or a platform's gateway) may carry. */
export const VEHICLES_PER_CONNECTION_MAX = 10_000;

export const ALERT_MESSAGES = {
  notFound: 'Alert not found',
  lastEventId: 'Last-Event-ID must be the id of a change the stream sent',
  vehicleMessage:
    'Send {"type":"positions","vehicles":[{"id","lat","lng","heading"}]} or {"type":"forget","vehicle_ids":[…]}',
  tooManyVehicles: `A connection carries at most ${VEHICLES_PER_CONNECTION_MAX} vehicles`,
  bbox: 'bbox must be four numbers: west,south,east,north (longitudes -180 to 180, latitudes -90 to 90, west ≤ east, south ≤ north)',
  /** The driver view, opened with a key or by a user who may not read alerts. */
  driveLinkNotAllowed: 'This link may not read motorist alerts: ask whoever gave it to you for a new one.',
  driveAccountNotAllowed: 'Your account may not read motorist alerts.',
} as const;

const Position = z.tuple([z.number(), z.number()]);
/** GeoJSON, longitude first. A scene drawn as a circle is sent as its polygon. */
export const AlertGeometrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Point'), coordinates: Position }),
  z.object({ type: z.literal('LineString'), coordinates: z.array(Position).min(2) }),
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(Position).min(4)).min(1) }),
]);
export type AlertGeometry = z.infer<typeof AlertGeometrySchema>;

export const AlertSchema = z.object({
  /** Stable for the life of the alert: its source's kind and id (`incident:…`). */
  id: z.string(),
  type: z.enum(ALERT_TYPE_IDS),
  severity: z.enum(HAZARD_SEVERITY_IDS),
  /** What a driver is told: the organisation's message for drivers, else the type's own. */
  message: z.string(),
  geometry: AlertGeometrySchema,
  /**
   * Degrees clockwise from north in which the affected traffic travels (a scene's roadway heading, a
   * closure's direction, a responder's course); null: both ways or not known.
   */
  heading: z.number().nullable(),
  /** Metres ahead of a vehicle travelling towards it, and all around it, within which it concerns a driver. */
  reach: z.object({ ahead_m: z.number(), around_m: z.number() }),
  /** When the source began (null when it does not record it: a zone held on by a detector now). */
  start_time: z.string().nullable(),
  /** When it is expected to end (a closure's end, a zone's expiry); null: not known. */
  expected_end_time: z.string().nullable(),
  source: z.object({ kind: z.enum(ALERT_SOURCES), id: z.string() }),
  organization_id: z.string(),
  updated_at: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AlertsQuerySchema = z.object({
  /** `west,south,east,north` in degrees; without it, every active alert of the organisations. */
  bbox: z.string().max(200).optional(),
  'org_ids[]': z.union([z.uuid(), z.array(z.uuid())]).optional(),
});
export type AlertsQuery = z.infer<typeof AlertsQuerySchema>;

/** Regions a stream watches: up to this many boxes. */
export const ALERT_STREAM_REGIONS_MAX = 20;

export const AlertStreamQuerySchema = z.object({
  /** `west,south,east,north`, repeated for several regions; without it, everywhere. */
  bbox: z.union([z.string().max(200), z.array(z.string().max(200)).max(ALERT_STREAM_REGIONS_MAX)]).optional(),
  'org_ids[]': z.union([z.uuid(), z.array(z.uuid())]).optional(),
  /** Where to resume, for clients that cannot send the Last-Event-ID header. */
  last_event_id: z.string().max(20).optional(),
});
export type AlertStreamQuery = z.infer<typeof AlertStreamQuerySchema>;

export const AlertsSchema = z.object({ alerts: z.array(AlertSchema) });
export type Alerts = z.infer<typeof AlertsSchema>;

/**
 * The sub-protocol of a vehicle's alert connection (`/api/alerts/vehicles`). A browser, which cannot
 * set headers on a WebSocket, offers its API key or access token as a second sub-protocol.
 */
export const VEHICLE_ALERTS_PROTOCOL = 'flare-alerts-v1';

const VehicleIdSchema = z.string().min(1).max(100);

/** What a vehicle connection sends: where its vehicles are, or that some have gone. */
export const VehicleMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('positions'),
    vehicles: z
      .array(
        z.object({
          id: VehicleIdSchema,
          lat: z.number().min(-90).max(90),
          lng: z.number().min(-180).max(180),
          /** Degrees clockwise from north; null or left out: not known (standing still). */
          heading: z.number().min(0).max(360).nullish(),
        }),
      )
      .min(1)
      .max(VEHICLES_PER_CONNECTION_MAX),
  }),
  z.object({
    type: z.literal('forget'),
    vehicle_ids: z.array(VehicleIdSchema).min(1).max(VEHICLES_PER_CONNECTION_MAX),
  }),
]);
export type VehicleMessage = z.infer<typeof VehicleMessageSchema>;

/** What a vehicle connection receives: an alert that concerns one of its vehicles (again when it changes), or one that no longer does. */
export type VehicleAlertMessage =
  | { type: 'alert.relevant'; vehicle_id: string; alert: Alert; distance_m: number }
  | { type: 'alert.left'; vehicle_id: string; alert_id: string; reason: 'passed' | 'ended' }
  | { type: 'error'; message: string };

/** Where an alert went out: partners' streams, or the vehicles of their connections. */
export const DELIVERY_CHANNELS = ['stream', 'vehicles'] as const;
/** The days the partners view counts deliveries over. */
export const ALERT_DELIVERY_DAYS = 30;

/** `GET /alerts/partners`: the partners connected now, and the alerts delivered per day. */
export const AlertPartnersSchema = z.object({
  connected: z.array(
    z.object({
      /** The API key's description, or the signed-in user's name. */
      name: z.string(),
      api_key_id: z.uuid().nullable(),
      channel: z.enum(DELIVERY_CHANNELS),
      /** The vehicles a vehicle connection carries now. */
      vehicles: z.number().int(),
      since: z.iso.datetime(),
    }),
  ),
  /** The last ALERT_DELIVERY_DAYS days in the organisation's time zone, oldest first. */
  days: z.array(
    z.object({
      day: z.iso.date(),
      /** Alerts that reached a partner's stream for the first time. */
      streams: z.number().int(),
      /** Alerts that came to concern a vehicle. */
      vehicles: z.number().int(),
    }),
  ),
});
export type AlertPartners = z.infer<typeof AlertPartnersSchema>;

/** `GET /alerts/{id}/reach`: how widely one alert went out. */
export const AlertReachSchema = z.object({
  alert_id: z.string(),
  /** Whether it is active now. */
  active: z.boolean(),
  /** The partners (keys or users) whose streams or vehicles it reached. */
  partners: z.number().int(),
  /** The vehicles it came to concern. */
  vehicles: z.number().int(),
});
export type AlertReach = z.infer<typeof AlertReachSchema>;
