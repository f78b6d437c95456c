import { describe, expect, it } from 'vitest';
import { locationFixture } from '../testing/locations';
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
    const incident = toCifsIncident(locationFixture({ roadway_heading: 90, street: 'Main Street' }));
    expect(incident.id).toBe('INC-7');
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
    const location = locationFixture({ roadway_heading: 90 });
    const [from, to] = points(toCifsIncident(location).polyline);
    expect(to).toEqual({ lat: Number(location.lat.toFixed(6)), lng: Number(location.lng.toFixed(6)) });
    expect(from!.lng).toBeLessThan(to!.lng); // travelling east, so the line starts west of it
    expect(metresBetween(from!, to!)).toBeCloseTo(CIFS_POLYLINE_M, 0);

    const both = toCifsIncident(locationFixture({ roadway_heading: null }));
    expect(both.direction).toBe('BOTH_DIRECTIONS');
    const [south, north] = points(both.polyline);
    expect(south!.lat).toBeLessThan(north!.lat);
  });

  it('leaves the street out when it is unknown, and ended incidents out of the feed', () => {
    expect(toCifsIncident(locationFixture({ street: null }))).not.toHaveProperty('street');
    const feed = cifsJson([locationFixture(), locationFixture({ id: 'ended', is_active: false })]);
    expect(feed.incidents).toHaveLength(1);
    expect(feed.incidents[0]!.incident.id).toBe('INC-7');
  });

  it('writes times to the second with an offset', () => {
    expect(cifsTime('2026-11-24T09:15:30.123Z')).toBe('2026-11-24T09:15:30+00:00');
  });
});
