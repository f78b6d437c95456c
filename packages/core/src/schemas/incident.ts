/**
 * Incidents ("events" for organisations that are not all responders), called locations in the API:
 * where responders stopped with their lights on. The API's shapes, the edit rules and the messages.
 */
import { z } from 'zod';
import { IncidentExtentSchema } from '../incidents/incident-extent';
import { MESSAGES } from '../messages';

/** An asset's stint at an incident. `end_time` is null while it is still there. */
export const IncidentThingSchema = z.object({
  id: z.string(),
  name: z.string(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  /** Seconds on scene: until end_time, or until the answer was made. */
  runtime: z.number().int(),
});
export type IncidentThing = z.infer<typeof IncidentThingSchema>;

export const IncidentSchema = z.object({
  id: z.string(),
  /** The System ID shown to users: a short, stable reference to quote on the radio. */
  external_id: z.string(),
  organization_id: z.string(),
  is_active: z.boolean(),
  lat: z.number(),
  lng: z.number(),
  /** Where the incident was first detected; an edit may move it at most LOCATION_MOVE_LIMIT_M from there. */
  start_lat: z.number(),
  start_lng: z.number(),
  /** Its extent: its point, or a line, circle or polygon set in Edit Location (incidents/incident-extent.ts). */
  features: IncidentExtentSchema,
  street: z.string().nullable(),
  /** The saved area it lies in (distance 0) or is nearest to, within reach: names it when no street does. */
  near_area: z.object({ name: z.string(), distance_m: z.number().int().min(0) }).nullable(),
  /** 0–360°, or null when no responder reported a course. */
  roadway_heading: z.number().nullable(),
  things_active: z.array(IncidentThingSchema),
  things_inactive: z.array(IncidentThingSchema),
  start_time: z.string(),
  end_time: z.string().nullable(),
  /** The message a navigation app shows its drivers. */
  alert_message: z.string(),
  updated_at: z.string(),
});
export type Incident = z.infer<typeof IncidentSchema>;

const OrgIds = z.union([z.uuid(), z.array(z.uuid())]).optional();

export const IncidentsQuerySchema = z.object({
  'org_ids[]': OrgIds,
  /** Incidents that started after it or are still active; default 7 days back. Epoch seconds or ISO. */
  start_date: z.string().optional(),
  /** Only incidents changed after it. Epoch seconds or an ISO date. */
  last_updated_timestamp: z.string().optional(),
});
export const ActiveIncidentsQuerySchema = z.object({ 'org_ids[]': OrgIds });
export const IncidentsSchema = z.object({ data: z.array(IncidentSchema) });

/** How far (m) an edit may move an incident from where it was detected (the map shows the circle). */
export const INCIDENT_MOVE_LIMIT_M = 100;
export const INCIDENTS_FETCHED_DAYS = 7;
/** The dashboard keeps at most this many incidents. */
export const MAX_STORED_INCIDENTS = 500;

export const INCIDENT_MESSAGES = {
  connectionFailed: 'Connection failed',
  organizationNotFound: MESSAGES.organizationNotFound,
  unknownFailure: MESSAGES.unknownFailure,
  noLongerActive: 'Location no longer active',
  noAccess: 'User does not have access to Location',
  notFound: 'Location not found',
  unableToUpdate: 'Unable to update Location',
  tooFar: `A location can move at most ${INCIDENT_MOVE_LIMIT_M} m from where it was detected`,
  setPosition: "ERROR: Please set new map location. Click 'View Instructions' above if needed",
  headingRange: 'Roadway heading must be a number from 0 to 360',
} as const;

/**
 * PUT /locations/{id}: where the incident is, the heading of its roadway and (optionally) its extent;
 * left out, the extent stays; a Point clears it.
 */
export const IncidentUpdateSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  roadway_heading: z.number().min(0).max(360),
  organization_id: z.uuid(),
  features: IncidentExtentSchema.optional(),
});
export type IncidentUpdate = z.infer<typeof IncidentUpdateSchema>;

/** The message for a failed update, by the server's 422 wording (status 0: no connection). */
export function incidentUpdateError(status: number, message: string): string {
  if (status === 0) return INCIDENT_MESSAGES.connectionFailed;
  if (status !== 422) return INCIDENT_MESSAGES.unableToUpdate;
  if (message.includes('active')) return INCIDENT_MESSAGES.noLongerActive;
  if (message.includes('access')) return INCIDENT_MESSAGES.noAccess;
  if (message.includes('found')) return INCIDENT_MESSAGES.notFound;
  return INCIDENT_MESSAGES.unableToUpdate;
}

/** How lists and the detail name an incident's state: on scene now, or ended (recent). */
export function incidentStatusLabel(location: Pick<Incident, 'is_active'>): 'Active' | 'Recent' {
  return location.is_active ? 'Active' : 'Recent';
}

/**
 * How an incident is titled in lists, its detail, on the map and in exports: its street; else (no
 * street geocoded, or no geocoder configured) the saved area it lies in ("Station 2") or is near
 * ("Near Station 2"); else its position to 5 decimals (about 1 m). Never a blank.
 */
export function incidentPlace(location: Pick<Incident, 'street' | 'near_area' | 'lat' | 'lng'>): string {
  if (location.street) return location.street;
  const area = location.near_area;
  if (area) return area.distance_m === 0 ? area.name : `Near ${area.name}`;
  return formatLatLng(location);
}

/** "39.78170, -89.65010": a position to 5 decimals (about 1 m), as shown and copied. */
export function formatLatLng(position: { lat: number; lng: number }): string {
  return `${position.lat.toFixed(5)}, ${position.lng.toFixed(5)}`;
}

/** The message for a failed list load. */
export function incidentListError(status: number): string {
  if (status === 0) return INCIDENT_MESSAGES.connectionFailed;
  if (status === 404) return INCIDENT_MESSAGES.organizationNotFound;
  return INCIDENT_MESSAGES.unknownFailure;
}

/** What navigation apps tell drivers approaching an incident detected from responders on scene. */
export const INCIDENT_ALERT_MESSAGE = 'Emergency vehicles on scene ahead. Slow down and move over.';
