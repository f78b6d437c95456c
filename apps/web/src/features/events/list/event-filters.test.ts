import { describe, expect, it } from 'vitest';
import { makeLocation, makeLocationThing } from '@flare/core/testing/locations';
import {
  countLocations,
  eventRowHeight,
  filtersFromSearch,
  filtersToSearch,
  matchesSearch,
  shownBy,
  visibleLocations,
} from './event-filters';

const now = new Date(2026, 10, 22, 9, 0);
const endedAt = (date: Date) =>
  makeLocation({ is_active: false, start_time: date.toISOString(), end_time: date.toISOString() });
const active = makeLocation({ start_time: new Date(2026, 10, 1).toISOString() });
const earlierToday = endedAt(new Date(2026, 10, 22, 1, 0));
const lastNight = endedAt(new Date(2026, 10, 21, 22, 0));
const twoDaysAgo = endedAt(new Date(2026, 10, 20, 9, 0));

describe('events list filters', () => {
  it('shows incidents by the Display choice: active always, ended ones by when they ended', () => {
    const shown = (display: Parameters<typeof shownBy>[0]) =>
      [active, earlierToday, lastNight, twoDaysAgo].filter((location) => shownBy(display, location, now));
    expect(shown('active')).toEqual([active]);
    expect(shown('today')).toEqual([active, earlierToday]);
    expect(shown('day')).toEqual([active, earlierToday, lastNight]);
    expect(shown('all')).toEqual([active, earlierToday, lastNight, twoDaysAgo]);
  });

  it('defaults to 24 hrs and keeps only what differs from the defaults in the URL', () => {
    expect(filtersFromSearch(new URLSearchParams())).toEqual({ display: 'day', search: '' });
    expect(filtersFromSearch(new URLSearchParams('display=nonsense')).display).toBe('day');
    expect(filtersToSearch({ display: 'day', search: ' ' }).toString()).toBe('');
    const params = filtersToSearch({ display: 'active', search: 'Main' });
    expect(filtersFromSearch(params)).toEqual({ display: 'active', search: 'Main' });
  });

  it('searches asset names, the street and the System ID, ignoring case', () => {
    const location = makeLocation({
      external_id: 'INC-42',
      street: 'Lincoln Ave',
      things_active: [makeLocationThing({ name: 'Engine 7' })],
      things_inactive: [makeLocationThing({ name: 'Medic 3' })],
    });
    for (const search of ['inc-42', 'LINCOLN', 'engine', 'medic 3', '']) {
      expect(matchesSearch(location, search)).toBe(true);
    }
    expect(matchesSearch(location, 'Ladder')).toBe(false);
    expect(matchesSearch({ ...location, street: null }, 'Lincoln')).toBe(false);
  });

  it('orders active incidents first, then the newest, and counts active and recent ones', () => {
    const all = [twoDaysAgo, earlierToday, active, lastNight];
    expect(visibleLocations(all, { display: 'all', search: '' }, now)).toEqual([
      active,
      earlierToday,
      lastNight,
      twoDaysAgo,
    ]);
    expect(countLocations(all)).toEqual({ active: 1, recent: 3 });
  });

  it('sizes rows: 80 px, +90 when active, + the active-vehicle count, +15 per inactive vehicle', () => {
    const two = [makeLocationThing(), makeLocationThing()];
    expect(eventRowHeight(makeLocation({ things_active: two }))).toBe(80 + 90 + 2);
    expect(eventRowHeight(makeLocation({ is_active: false, things_inactive: two }))).toBe(80 + 30);
    expect(eventRowHeight(makeLocation({ things_active: two, things_inactive: two }))).toBe(80 + 90 + 2 + 30);
  });
});
