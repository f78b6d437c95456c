import { describe, expect, it } from 'vitest';
import { makeIncident } from '../testing/incidents';
import { metresBetween } from './scene-rules';
import { CIFS_POLYLINE_M, cifsJson, cifsTime, toCifsIncident } from './waze-feed';

/** CIFS's element list: the allowed types, and the documented forms of times and polylines. */
const CIFS_TYPES = ['ROAD_CLOSED', 'ACCIDENT', 'HAZARD', 'POLICE', 'CHIT_CHAT', 'JAM'];
const CIFS_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const POLYLINE = /^-?\d{1,2}\.\d{6} -?\d{1,3}\.\d{6}( -?\d{1,2}\.\d{6} -?\d{1,3}\.\d{6})+$/;

const points = (polyline: string) => {
  const numbers = polyline.split(' ').map(Number);
  return [0, 2].map((i) => ({ lat: numbers[i]!, lng: numbers[i + 1]! }));
};

describe('the Waze (CIFS) incident feed', () => {
  it('describes an incident with every CIFS element in its documented form', () => {
    const location = makeIncident({ roadway_heading: 90, street: 'Main Street' });
    const incident = toCifsIncident(location);
    expect(incident.id).toBe(location.external_id);
    expect(CIFS_TYPES).toContain(incident.type);
    expect(incident.subtype.startsWith(`${incident.type}_`)).toBe(true);
    expect(incident.polyline).toMatch(POLYLINE);
    expect(['ONE_DIRECTION', 'BOTH_DIRECTIONS']).toContain(incident.direction);
    for (const time of [incident.starttime, incident.creationtime, incident.updatetime])
      expect(time).toMatch(CIFS_TIME);
    expect(incident.street).toBe('Main Street');
    expect(incident.description.length).toBeGreaterThan(0);
  });

  it('draws the road leading to the incident in its heading, or a line through it both ways', () => {
    const location = makeIncident({ roadway_heading: 90 });
    const [from, to] = points(toCifsIncident(location).polyline);
    expect(to).toEqual({ lat: Number(location.lat.toFixed(6)), lng: Number(location.lng.toFixed(6)) });
    expect(from!.lng).toBeLessThan(to!.lng); // travelling east, so the line starts west of it
    expect(metresBetween(from!, to!)).toBeCloseTo(CIFS_POLYLINE_M, 0);

    const both = toCifsIncident(makeIncident({ roadway_heading: null }));
    expect(both.direction).toBe('BOTH_DIRECTIONS');
    const [south, north] = points(both.polyline);
    expect(south!.lat).toBeLessThan(north!.lat);
  });

  it('gives the line drawn along the road as the polyline, turned to run with the heading', () => {
    const line: Array<[number, number]> = [
      [-89.651, 39.8],
      [-89.65, 39.8],
      [-89.649, 39.8],
    ];
    const drawn = makeIncident({
      roadway_heading: null,
      features: { type: 'LineString', coordinates: line },
    });
    const both = toCifsIncident(drawn);
    expect(both.direction).toBe('BOTH_DIRECTIONS');
    expect(both.polyline).toBe('39.800000 -89.651000 39.800000 -89.650000 39.800000 -89.649000');
    // Traffic heading west: the line drawn west to east is given east to west.
    const west = toCifsIncident({ ...drawn, roadway_heading: 270 });
    expect(west.direction).toBe('ONE_DIRECTION');
    expect(west.polyline).toBe('39.800000 -89.649000 39.800000 -89.650000 39.800000 -89.651000');
    expect(toCifsIncident({ ...drawn, roadway_heading: 80 }).polyline).toBe(both.polyline);
  });

  it('leaves the street out when it is unknown, and ended incidents out of the feed', () => {
    expect(toCifsIncident(makeIncident({ street: null }))).not.toHaveProperty('street');
    // An area name is no road name: Waze matches `street` against its roads.
    const nearStation = makeIncident({ street: null, near_area: { name: 'Station 2', distance_m: 300 } });
    expect(toCifsIncident(nearStation)).not.toHaveProperty('street');
    const active = makeIncident();
    const feed = cifsJson([active, makeIncident({ is_active: false })]);
    expect(feed.incidents).toHaveLength(1);
    expect(feed.incidents[0]!.incident.id).toBe(active.external_id);
  });

  it('writes times to the second with an offset', () => {
    expect(cifsTime('2026-11-24T09:15:30.123Z')).toBe('2026-11-24T09:15:30+00:00');
  });
});
