/**
 * Active incidents as a Waze for Cities feed (CIFS, the Closure and Incident Feed Specification):
 * each incident becomes a HAZARD / HAZARD_ON_ROAD alert at its place. CIFS needs a polyline of at
 * least two points whose order is the direction of the affected traffic: with a roadway heading, the
 * 100 m of road leading to the incident in that direction (ONE_DIRECTION); without one, 100 m of
 * north–south line through it (BOTH_DIRECTIONS). An incident whose extent is a line drawn along the
 * road gives that line instead, turned to run with the roadway heading when there is one.
 * Times are ISO 8601 with an offset, to the second.
 */
import bearing from '@turf/bearing';
import destination from '@turf/destination';
import type { Incident } from '../schemas/incident';

export const CIFS_TYPE = 'HAZARD';
export const CIFS_SUBTYPE = 'HAZARD_ON_ROAD';
export const CIFS_DIRECTIONS = ['ONE_DIRECTION', 'BOTH_DIRECTIONS'] as const;
/** Length of the polyline drawn for an incident, metres. */
export const CIFS_POLYLINE_M = 100;

export interface CifsIncident {
  id: string;
  type: typeof CIFS_TYPE;
  subtype: typeof CIFS_SUBTYPE;
  polyline: string;
  street?: string;
  direction: (typeof CIFS_DIRECTIONS)[number];
  starttime: string;
  description: string;
  creationtime: string;
  updatetime: string;
}

/** `2026-11-24T09:00:00+00:00`: the form CIFS documents. */
export function cifsTime(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

function offset(lat: number, lng: number, metres: number, bearing: number): [number, number] {
  const [toLng, toLat] = destination([lng, lat], metres, bearing, { units: 'meters' }).geometry
    .coordinates as [number, number];
  return [toLat, toLng];
}

const pair = ([lat, lng]: [number, number]) => `${lat.toFixed(6)} ${lng.toFixed(6)}`;

/** [lat, lng] points of the polyline, in the direction of the affected traffic. */
function polylinePoints(location: Incident): Array<[number, number]> {
  const { lat, lng, roadway_heading: heading, features } = location;
  if (features.type === 'LineString') {
    const line = features.coordinates.map(([pointLng, pointLat]) => [pointLat, pointLng] as [number, number]);
    const runs = bearing(features.coordinates[0]!, features.coordinates.at(-1)!);
    const against = heading !== null && Math.abs(((runs - heading + 540) % 360) - 180) > 90;
    return against ? line.reverse() : line;
  }
  return heading === null
    ? [offset(lat, lng, CIFS_POLYLINE_M / 2, 180), offset(lat, lng, CIFS_POLYLINE_M / 2, 0)]
    : [offset(lat, lng, CIFS_POLYLINE_M, (heading + 180) % 360), [lat, lng]];
}

export function toCifsIncident(location: Incident): CifsIncident {
  const heading = location.roadway_heading;
  const points = polylinePoints(location);
  return {
    id: location.external_id,
    type: CIFS_TYPE,
    subtype: CIFS_SUBTYPE,
    polyline: points.map(pair).join(' '),
    ...(location.street ? { street: location.street } : {}),
    direction: heading === null ? 'BOTH_DIRECTIONS' : 'ONE_DIRECTION',
    starttime: cifsTime(location.start_time),
    description: location.alert_message,
    creationtime: cifsTime(location.start_time),
    updatetime: cifsTime(location.updated_at),
  };
}

/** The JSON feed document, shaped as CIFS's JSON example: `{ incidents: [{ incident: {...} }] }`. */
export function cifsJson(locations: readonly Incident[]): { incidents: Array<{ incident: CifsIncident }> } {
  return { incidents: locations.filter((l) => l.is_active).map((l) => ({ incident: toCifsIncident(l) })) };
}
