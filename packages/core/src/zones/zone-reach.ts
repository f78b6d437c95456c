/**
 * What makes an alerting zone active. Within ZONE_REACH_M of its line lie the organisation's
 * wrong-way-driver assets (responding, active or on scene: a wrong-way driver detected now) and its
 * active incidents, each counted until its start + the zone's default expiry unless it ends sooner.
 * The zone is active while an asset along it responds or an incident on it counts.
 */
import { lineString, point } from '@turf/helpers';
import pointToLineDistance from '@turf/point-to-line-distance';
import type { ThingStatus } from '../status/thing-status';
import type { Zone, LineStringGeometry } from '../schemas/zone';
import { incidentPlace, type Incident } from '../schemas/incident';

export const ZONE_REACH_M = 100;
export const WRONG_WAY_DRIVER_TYPE = 'wwd';
const RESPONDING: readonly ThingStatus[] = ['active', 'location'];
const MINUTE_MS = 60_000;

export interface ZoneCandidate {
  id: string;
  name: string;
  lat: number;
  lng: number;
  status: ThingStatus;
}

export type ZoneIncident = Pick<
  Incident,
  'id' | 'external_id' | 'is_active' | 'lat' | 'lng' | 'start_time' | 'street' | 'near_area'
>;

export type ZoneActivity = Pick<Zone, 'is_active' | 'things' | 'active_things' | 'active_locations'>;

export function zoneActivity(
  line: LineStringGeometry,
  nearby: {
    things: readonly ZoneCandidate[];
    incidents: readonly ZoneIncident[];
    expiryMinutes: number;
    now: number;
  },
): ZoneActivity {
  const zoneLine = lineString(line.coordinates);
  const onZone = (position: { lat: number; lng: number }) =>
    pointToLineDistance(point([position.lng, position.lat]), zoneLine, { units: 'meters' }) <= ZONE_REACH_M;
  const things = nearby.things
    .filter(onZone)
    .map((thing) => ({ id: thing.id, name: thing.name, is_active: RESPONDING.includes(thing.status) }));
  const active_things = things.filter((thing) => thing.is_active);
  const active_locations = nearby.incidents
    .filter((incident) => incident.is_active && onZone(incident))
    .map((incident) => ({
      id: incident.id,
      external_id: incident.external_id,
      name: incidentPlace(incident),
      start_time: incident.start_time,
      expiry: Date.parse(incident.start_time) + nearby.expiryMinutes * MINUTE_MS,
    }))
    .filter((incident) => incident.expiry > nearby.now)
    .map(({ expiry, ...incident }) => ({ ...incident, default_expiry: new Date(expiry).toISOString() }));
  return {
    things,
    active_things,
    active_locations,
    is_active: active_things.length > 0 || active_locations.length > 0,
  };
}
