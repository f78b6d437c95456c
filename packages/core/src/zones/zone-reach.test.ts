import { describe, expect, it } from 'vitest';
import { makeIncident } from '../testing/incidents';
import { zoneActivity, ZONE_REACH_M, type ZoneCandidate, type ZoneIncident } from './zone-reach';

// A ramp running east along latitude 39.8: 0.001 degrees of latitude is about 111 m.
const line = {
  type: 'LineString' as const,
  coordinates: [
    [-89.65, 39.8],
    [-89.64, 39.8],
  ] as Array<[number, number]>,
};
const thing = (id: string, latOffset: number, status: ZoneCandidate['status']): ZoneCandidate => ({
  id,
  name: `WWD ${id}`,
  lat: 39.8 + latOffset,
  lng: -89.645,
  status,
});
const START = '2026-11-29T10:00:00.000Z';
const minutesAfterStart = (minutes: number) => Date.parse(START) + minutes * 60_000;
const incident = (id: string, latOffset: number, overrides: Partial<ZoneIncident> = {}): ZoneIncident =>
  makeIncident({
    id,
    external_id: `INC-${id}`,
    lat: 39.8 + latOffset,
    lng: -89.645,
    start_time: START,
    ...overrides,
  });

const activity = (
  things: ZoneCandidate[],
  incidents: ZoneIncident[] = [],
  { expiryMinutes = 30, now = minutesAfterStart(5) } = {},
) => zoneActivity(line, { things, incidents, expiryMinutes, now });

describe('things along a zone', () => {
  it(`takes the assets within ${ZONE_REACH_M} m of the line and leaves the farther ones`, () => {
    const along = activity([thing('near', 0.0008, 'standby'), thing('far', 0.001, 'standby')]);
    expect(along.things.map((t) => t.id)).toEqual(['near']);
    expect(along.is_active).toBe(false);
  });

  it('is active while one of them responds (active or on scene), standby otherwise', () => {
    for (const status of ['active', 'location'] as const) {
      const along = activity([thing('a', 0, status), thing('b', 0, 'stationary')]);
      expect(along.is_active).toBe(true);
      expect(along.active_things.map((t) => t.id)).toEqual(['a']);
    }
    for (const status of ['standby', 'stationary', 'pending', 'offline'] as const)
      expect(activity([thing('a', 0, status)]).is_active).toBe(false);
  });
});

describe('incidents on a zone', () => {
  it(`counts an active incident within ${ZONE_REACH_M} m of the line, with when it stops counting`, () => {
    const along = activity([], [incident('near', 0.0008), incident('far', 0.001)]);
    expect(along.active_locations).toEqual([
      {
        id: 'near',
        external_id: 'INC-near',
        name: 'Main St',
        start_time: START,
        default_expiry: '2026-11-29T10:30:00.000Z',
      },
    ]);
    expect(along.is_active).toBe(true);
  });

  it('counts it until its start + the default expiry, then no more', () => {
    const incidents = [incident('a', 0)];
    expect(activity([], incidents, { now: minutesAfterStart(29.99) }).is_active).toBe(true);
    const expired = activity([], incidents, { now: minutesAfterStart(30) });
    expect([expired.is_active, expired.active_locations]).toEqual([false, []]);
    expect(activity([], incidents, { expiryMinutes: 60, now: minutesAfterStart(45) }).is_active).toBe(true);
  });

  it('leaves out an incident that has ended, and names one without a street by its area or position', () => {
    expect(activity([], [incident('ended', 0, { is_active: false })]).is_active).toBe(false);
    const unnamed = activity(
      [],
      [incident('a', 0, { street: null, near_area: { name: 'Station 2', distance_m: 40 } })],
    );
    expect(unnamed.active_locations[0]!.name).toBe('Near Station 2');
  });

  it('keeps the zone active while either an asset responds or an incident counts', () => {
    const both = activity([thing('a', 0, 'active')], [incident('b', 0)], { now: minutesAfterStart(31) });
    expect([both.is_active, both.active_locations]).toEqual([true, []]);
  });
});
