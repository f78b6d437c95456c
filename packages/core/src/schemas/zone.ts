/**
 * Alerting zones (wrong-way-driver hotspots): a polyline along a roadway where wrong-way drivers are
 * detected. The API's shapes, the save payload, and the messages.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { requiredText, storable } from './common';

/**
 * How long an active incident on a zone keeps it active, from the incident's start, unless it ends
 * sooner: a stale incident cannot hold a wrong-way warning on for ever.
 */
export const ZONE_DEFAULT_EXPIRY_MINUTES = 30;
export const ZONE_EXPIRY_MINUTES_MIN = 1;
export const ZONE_EXPIRY_MINUTES_MAX = 1_440;

export const ZONE_MESSAGES = {
  connectionFailed: 'Connection failed',
  notAllowed: 'User does not have required permissions',
  unknownFailure: MESSAGES.unknownFailure,
  tooFewPoints: 'A zone needs at least 2 points',
  hotspotTaken: 'Hotspot ID is already in use. Please select a new ID',
  notFound: 'Zone not found',
  unableToSave: 'Unable to save Zone',
  unableToDelete: 'Unable to delete Zone',
  expiryRange: `Default expiry must be a whole number of minutes from ${ZONE_EXPIRY_MINUTES_MIN} to ${ZONE_EXPIRY_MINUTES_MAX}`,
} as const;

export const ZONE_TYPE = 'wrong_way_driver';
export const ZONE_HOTSPOT_ID_MAX = 100;
export const ZONE_DESCRIPTION_MAX = 100;
export const ZONE_ALERT_MESSAGE_MAX = 40;
const ZONE_POINTS_MAX = 1_000;

const ZoneExpiryMinutesSchema = z
  .number({ error: ZONE_MESSAGES.expiryRange })
  .int(ZONE_MESSAGES.expiryRange)
  .min(ZONE_EXPIRY_MINUTES_MIN, ZONE_MESSAGES.expiryRange)
  .max(ZONE_EXPIRY_MINUTES_MAX, ZONE_MESSAGES.expiryRange);

const LngLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

export const LineStringGeometrySchema = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(LngLatSchema).min(2, ZONE_MESSAGES.tooFewPoints).max(ZONE_POINTS_MAX),
});
export type LineStringGeometry = z.infer<typeof LineStringGeometrySchema>;

const ZoneThingSchema = z.object({ id: z.string(), name: z.string(), is_active: z.boolean() });
export type ZoneThing = z.infer<typeof ZoneThingSchema>;

/** An active incident ("location") on the zone, and when the zone stops counting it (`default_expiry`). */
const ZoneLocationSchema = z.object({
  id: z.string(),
  external_id: z.string(),
  /** Its title: street, saved area or position (core's incidentPlace). */
  name: z.string(),
  start_time: z.string(),
  default_expiry: z.string(),
});

export const ZoneSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  /** The hotspot id the organisation gave it. */
  external_id: z.string(),
  alerting_zone_type_name: z.literal(ZONE_TYPE),
  alert_message: z.string().nullable(),
  description: z.string().nullable(),
  /** The zone's line, as a GeoJSON FeatureCollection of one LineString feature. */
  features: z.object({
    type: z.literal('FeatureCollection'),
    features: z
      .array(
        z.object({
          type: z.literal('Feature'),
          properties: z.record(z.string(), z.unknown()).nullable(),
          geometry: LineStringGeometrySchema,
        }),
      )
      .min(1),
  }),
  /**
   * Whether a wrong-way-driver asset along it is responding now, or an active incident on it has not
   * expired (see zones/zone-reach.ts).
   */
  is_active: z.boolean(),
  /** The wrong-way-driver assets along the zone, and those of them responding now. */
  things: z.array(ZoneThingSchema),
  active_things: z.array(ZoneThingSchema),
  /** The active incidents on the zone that it still counts. */
  active_locations: z.array(ZoneLocationSchema),
  /** Minutes an incident on the zone keeps it active, from the incident's start. */
  default_expiry_minutes: z.number().int(),
  updated_at: z.string(),
});
export type Zone = z.infer<typeof ZoneSchema>;

export type ZoneStatus = 'active' | 'standby';
export const zoneStatus = (zone: Pick<Zone, 'is_active'>): ZoneStatus =>
  zone.is_active ? 'active' : 'standby';

export const ZonesQuerySchema = z.object({
  'org_ids[]': z.union([z.uuid(), z.array(z.uuid())]).optional(),
  hotspot_id: z.string().max(ZONE_HOTSPOT_ID_MAX).optional(),
});

/** What the zone form asks for; the line comes from the map. */
export const ZoneFormSchema = z.object({
  hotspot_id: requiredText().max(ZONE_HOTSPOT_ID_MAX, `${ZONE_HOTSPOT_ID_MAX} Max Characters`),
  description: storable(
    z.string().trim().max(ZONE_DESCRIPTION_MAX, `${ZONE_DESCRIPTION_MAX} Max Characters`),
  ).nullish(),
  alert_message: storable(
    z.string().trim().max(ZONE_ALERT_MESSAGE_MAX, `${ZONE_ALERT_MESSAGE_MAX} Max Characters`),
  ).nullish(),
  default_expiry_minutes: ZoneExpiryMinutesSchema,
});
export type ZoneFormInput = z.input<typeof ZoneFormSchema>;

/** The save payload (POST, and PUT with the same body). */
export const ZoneInputSchema = ZoneFormSchema.extend({
  type: z.literal(ZONE_TYPE),
  geom_type: z.literal('polyline'),
  geometry: LineStringGeometrySchema,
  /** Default ZONE_DEFAULT_EXPIRY_MINUTES on create; left out on update, the zone keeps its own. */
  default_expiry_minutes: ZoneExpiryMinutesSchema.optional(),
  /** On create: the owner (default the caller's organisation). Ignored on update. */
  organization_id: z.uuid().optional(),
});
export type ZoneInput = z.infer<typeof ZoneInputSchema>;

/** What the Zones section says when the zones do not load (0: the server could not be reached). */
export function zonesLoadErrorMessage(status: number, serverMessage: string | undefined): string {
  if (status === 0) return ZONE_MESSAGES.connectionFailed;
  if (status === 403) return ZONE_MESSAGES.notAllowed;
  if (status === 404) return serverMessage?.trim() || ZONE_MESSAGES.unknownFailure;
  return ZONE_MESSAGES.unknownFailure;
}

/** What the zone form says when a save fails: the server's reason for a refused line or hotspot id. */
export function zoneSaveErrorMessage(status: number, serverMessage: string | undefined): string {
  if (status === 0) return ZONE_MESSAGES.connectionFailed;
  const message = serverMessage?.trim() ?? '';
  if (status === 403) return ZONE_MESSAGES.notAllowed;
  if ((status === 404 || status === 409 || status === 422) && message) return message;
  return ZONE_MESSAGES.unableToSave;
}
