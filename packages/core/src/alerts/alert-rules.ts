/**
 * Which of Flare's sources warn motorists, and how: each source that is active now becomes one alert
 * (its type, severity, message for drivers, geometry, heading, reach, times), and the alert ends when
 * the source ends. The server lists them; a partner or a driver view receives them.
 *
 * - A responder approaching: an emergency asset (its type's), in service, alerting publicly, not in
 *   test mode, Responding with its lights on, moving (faster than a responder counted as stopped at a
 *   scene) and heard from within RESPONDER_FRESH_MS.
 * - A responder scene: an active incident, with its roadway heading and the custom message for
 *   navigation apps.
 * - A closure: an active one, as a work zone when it is published as work-zone data (WZDx) or
 *   belongs to a road-works or maintenance organisation, else as a road closure.
 * - A wrong-way-driver zone while it is active.
 * - A hazard while it is open, for HAZARD_ALERT_MS after its report at most: drivers are not warned
 *   of debris nobody has marked resolved for days.
 */
import circle from '@turf/circle';
import { SCENE_RULES } from '../incidents/scene-rules';
import { HAZARD_TYPES, type Hazard, type HazardSeverity } from '../schemas/hazard';
import type { Closure } from '../schemas/closure';
import type { Incident } from '../schemas/incident';
import type { Thing } from '../schemas/thing';
import type { ServerStatus } from '../status/thing-status';
import type { Zone } from '../schemas/zone';
import {
  ALERT_TYPES,
  type Alert,
  type AlertGeometry,
  type AlertSourceKind,
  type AlertType,
} from '../schemas/alert';

/**
 * How far an alert concerns a driver, in metres: ahead of a vehicle travelling towards it (the
 * distance to stop or change lanes at that kind of place), and all around it whatever the heading.
 */
export const ALERT_REACH: Record<AlertType, { ahead_m: number; around_m: number }> = {
  responder_approaching: { ahead_m: 1_000, around_m: 300 },
  responder_scene: { ahead_m: 2_000, around_m: 300 },
  wrong_way_driver: { ahead_m: 3_000, around_m: 500 },
  road_closure: { ahead_m: 3_000, around_m: 300 },
  work_zone: { ahead_m: 2_000, around_m: 200 },
  hazard: { ahead_m: 500, around_m: 100 },
};

/** A responder whose last report is older than this no longer says where it is. */
export const RESPONDER_FRESH_MS = 60_000;

/** How long an open hazard warns drivers after it was reported. */
export const HAZARD_ALERT_MS = 24 * 3_600_000;

/** Organisation types whose closures are work zones. */
const WORK_ZONE_ORGANIZATION_TYPES = ['road_works', 'maintenance'];

/** A closure's direction of travel as a compass heading. */
const DIRECTION_HEADINGS = { N: 0, E: 90, S: 180, W: 270 } as const;

/** Segments of the polygon sent for a scene drawn as a circle. */
const CIRCLE_STEPS = 32;

/** An alert's id: its source's kind and id, the same for the alert's whole life. */
export const alertId = (kind: AlertSourceKind, sourceId: string) => `${kind}:${sourceId}`;

function alert(
  type: AlertType,
  source: { kind: AlertSourceKind; id: string; organization_id: string },
  fields: Pick<Alert, 'geometry' | 'heading' | 'start_time' | 'updated_at'> &
    Partial<Pick<Alert, 'severity' | 'expected_end_time'>> & { message: string | null },
): Alert {
  return {
    id: alertId(source.kind, source.id),
    type,
    severity: fields.severity ?? 'high',
    message: fields.message?.trim() || ALERT_TYPES[type],
    geometry: fields.geometry,
    heading: fields.heading,
    reach: ALERT_REACH[type],
    start_time: fields.start_time,
    expected_end_time: fields.expected_end_time ?? null,
    source: { kind: source.kind, id: source.id },
    organization_id: source.organization_id,
    updated_at: fields.updated_at,
  };
}

/**
 * What an asset's live state alone says of it warning drivers now: Responding with its lights on,
 * moving, heard from lately (its profile says the rest: an emergency asset, alerting publicly, …).
 */
export function respondingNow(
  state: { status: ServerStatus; enroute: boolean; speed: number | null; heartbeatAt: string | null },
  now: number,
): boolean {
  const heard = state.heartbeatAt === null ? null : Date.parse(state.heartbeatAt);
  return (
    state.status === 'active' &&
    state.enroute &&
    (state.speed ?? 0) > SCENE_RULES.stoppedAtMostMps &&
    heard !== null &&
    now - heard <= RESPONDER_FRESH_MS
  );
}

export function responderAlert(thing: Thing, now: number): Alert | null {
  const responding =
    thing.is_responder &&
    thing.in_service &&
    thing.is_publicly_alerting &&
    !thing.test_mode &&
    respondingNow({ ...thing, heartbeatAt: thing.heartbeat_datetime }, now);
  if (!responding || thing.lat === null || thing.lng === null) return null;
  return alert(
    'responder_approaching',
    { kind: 'thing', id: thing.id, organization_id: thing.organization.id },
    {
      message: null,
      geometry: { type: 'Point', coordinates: [thing.lng, thing.lat] },
      heading: thing.course,
      start_time: thing.run_started_at ?? thing.status_changed_at,
      updated_at: thing.heartbeat_datetime!,
    },
  );
}

function incidentGeometry(incident: Incident): AlertGeometry {
  const extent = incident.features;
  if (extent.type === 'Circle')
    return circle(extent.coordinates, extent.radius, { units: 'meters', steps: CIRCLE_STEPS })
      .geometry as AlertGeometry;
  return extent;
}

export function sceneAlert(incident: Incident): Alert | null {
  if (!incident.is_active) return null;
  return alert(
    'responder_scene',
    { kind: 'incident', id: incident.id, organization_id: incident.organization_id },
    {
      message: incident.alert_message,
      geometry: incidentGeometry(incident),
      heading: incident.roadway_heading,
      start_time: incident.start_time,
      updated_at: incident.updated_at,
    },
  );
}

export function closureAlert(closure: Closure): Alert | null {
  if (closure.status !== 'active' || closure.is_deleted || closure.route_path.coordinates.length < 2)
    return null;
  const workZone =
    closure.is_publish_on || WORK_ZONE_ORGANIZATION_TYPES.includes(closure.organization.organization_type);
  const open = closure.vehicle_impact !== null && closure.vehicle_impact !== 'all-lanes-closed';
  return alert(
    workZone ? 'work_zone' : 'road_closure',
    { kind: 'closure', id: closure.id, organization_id: closure.organization.id },
    {
      message: closure.alert_message,
      severity: workZone && open ? 'medium' : 'high',
      geometry: closure.route_path,
      heading: closure.direction ? DIRECTION_HEADINGS[closure.direction] : null,
      start_time: closure.last_start_time ?? closure.start_time,
      expected_end_time: closure.end_time,
      updated_at: closure.updated_at,
    },
  );
}

export function zoneAlert(zone: Zone): Alert | null {
  if (!zone.is_active) return null;
  const starts = zone.active_locations.map((location) => location.start_time).sort();
  const expiries = zone.active_locations.map((location) => location.default_expiry).sort();
  // A detector responding along the zone holds it on for as long as it responds: no end to expect.
  const heldByDetector = zone.active_things.length > 0;
  return alert(
    'wrong_way_driver',
    { kind: 'zone', id: zone.id, organization_id: zone.organization_id },
    {
      message: zone.alert_message,
      geometry: zone.features.features[0]!.geometry,
      heading: null,
      start_time: heldByDetector ? null : (starts[0] ?? null),
      expected_end_time: heldByDetector ? null : (expiries.at(-1) ?? null),
      updated_at: zone.updated_at,
    },
  );
}

export function hazardAlert(hazard: Hazard, now: number): Alert | null {
  const ends = Date.parse(hazard.reported_at) + HAZARD_ALERT_MS;
  if (hazard.status !== 'open' || ends <= now) return null;
  return alert(
    'hazard',
    { kind: 'hazard', id: hazard.id, organization_id: hazard.organization_id },
    {
      message: `${hazard.hazard_type === 'other' ? 'Hazard' : HAZARD_TYPES[hazard.hazard_type]} on the road`,
      severity: hazard.severity satisfies HazardSeverity,
      geometry: { type: 'Point', coordinates: [hazard.lng, hazard.lat] },
      heading: null,
      start_time: hazard.reported_at,
      expected_end_time: new Date(ends).toISOString(),
      updated_at: hazard.reported_at,
    },
  );
}
