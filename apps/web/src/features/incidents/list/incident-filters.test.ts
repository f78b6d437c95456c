import { describe, expect, it } from 'vitest';
import { makeIncident, makeIncidentThing } from '@flare/core/testing/incidents';
import {
  countIncidents,
  incidentRowHeight,
  filtersFromSearch,
  filtersToSearch,
  matchesSearch,
  shownBy,
  visibleIncidents,
} from './incident-filters';

/** The organisation's zone; the instants below are 9:00 AM, 1:00 AM and 10:00 PM there. */
const ZONE = 'America/Chicago';
const now = new Date('2026-11-22T15:00:00Z');
const endedAt = (iso: string) => makeIncident({ is_active: false, start_time: iso, end_time: iso });
const active = makeIncident({ start_time: '2026-11-01T12:00:00Z' });
const earlierToday = endedAt('2026-11-22T07:00:00Z');
const lastNight = endedAt('2026-11-22T04:00:00Z');
const twoDaysAgo = endedAt('2026-11-20T15:00:00Z');

describe('events list filters', () => {
  it('shows incidents by the Display choice: active always, ended ones by when they ended', () => {
    const shown = (display: Parameters<typeof shownBy>[0], zone = ZONE) =>
      [active, earlierToday, lastNight, twoDaysAgo].filter((location) =>
        shownBy(display, location, now, zone),
      );
    expect(shown('active')).toEqual([active]);
    expect(shown('today')).toEqual([active, earlierToday]);
    expect(shown('day')).toEqual([active, earlierToday, lastNight]);
    expect(shown('all')).toEqual([active, earlierToday, lastNight, twoDaysAgo]);
    // Today is the organisation's day, whatever the browser's: in Tokyo a new day began at 15:00 UTC.
    expect(shown('today', 'Asia/Tokyo')).toEqual([active]);
    expect(shown('today', 'Europe/London')).toEqual([active, earlierToday, lastNight]);
  });

  it('defaults to 24 hrs and keeps only what differs from the defaults in the URL', () => {
    expect(filtersFromSearch(new URLSearchParams())).toEqual({ display: 'day', search: '' });
    expect(filtersFromSearch(new URLSearchParams('display=nonsense')).display).toBe('day');
    expect(filtersToSearch({ display: 'day', search: ' ' }).toString()).toBe('');
    const params = filtersToSearch({ display: 'active', search: 'Main' });
    expect(filtersFromSearch(params)).toEqual({ display: 'active', search: 'Main' });
  });

  it('searches asset names, the title (street, else area) and the System ID, ignoring case', () => {
    const location = makeIncident({
      external_id: 'INC-42',
      street: 'Lincoln Ave',
      things_active: [makeIncidentThing({ name: 'Engine 7' })],
      things_inactive: [makeIncidentThing({ name: 'Medic 3' })],
    });
    for (const search of ['inc-42', 'LINCOLN', 'engine', 'medic 3', '']) {
      expect(matchesSearch(location, search)).toBe(true);
    }
    expect(matchesSearch(location, 'Ladder')).toBe(false);
    expect(matchesSearch({ ...location, street: null }, 'Lincoln')).toBe(false);
    // Without a street, the title it shows: the saved area it is near.
    const nearStation = { ...location, street: null, near_area: { name: 'Station 2', distance_m: 300 } };
    expect(matchesSearch(nearStation, 'station 2')).toBe(true);
  });

  it('orders active incidents first, then the newest, and counts active and recent ones', () => {
    const all = [twoDaysAgo, earlierToday, active, lastNight];
    expect(visibleIncidents(all, { display: 'all', search: '' }, now, ZONE)).toEqual([
      active,
      earlierToday,
      lastNight,
      twoDaysAgo,
    ]);
    expect(countIncidents(all)).toEqual({ active: 1, recent: 3 });
  });

  it('sizes rows: 80 px, +90 when active, + the active-vehicle count, +15 per inactive vehicle', () => {
    const two = [makeIncidentThing(), makeIncidentThing()];
    expect(incidentRowHeight(makeIncident({ things_active: two }))).toBe(80 + 90 + 2);
    expect(incidentRowHeight(makeIncident({ is_active: false, things_inactive: two }))).toBe(80 + 30);
    expect(incidentRowHeight(makeIncident({ things_active: two, things_inactive: two }))).toBe(
      80 + 90 + 2 + 30,
    );
  });
});
