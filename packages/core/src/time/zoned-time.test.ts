import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatTimeOfDay,
  formatZonedDateTime,
  fromWallTimeInput,
  localMidnight,
  toWallTimeInput,
  zoneAbbreviation,
  zoneOffsetMs,
} from './zoned-time';

const at = (iso: string) => Date.parse(iso);
const CHICAGO = 'America/Chicago';

describe('zoneOffsetMs and localMidnight', () => {
  it("is the zone's wall clock minus UTC", () => {
    expect(zoneOffsetMs(at('2026-07-01T12:00:00Z'), CHICAGO)).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs(at('2026-12-01T12:00:00Z'), CHICAGO)).toBe(-6 * 3_600_000);
    expect(zoneOffsetMs(at('2026-12-01T12:00:00Z'), 'UTC')).toBe(0);
  });

  it('finds local midnight ahead of UTC and half an hour off the hour', () => {
    expect(localMidnight(2026, 7, 1, 'Australia/Adelaide')).toBe(at('2026-06-30T14:30:00Z'));
  });
});

describe('display formats', () => {
  const time = at('2026-11-27T11:13:22Z');

  it('shows the instant in the given zone, whatever the machine runs in', () => {
    expect(formatDateTime(time, CHICAGO)).toBe('Nov 27, 2026, 5:13 AM');
    expect(formatDateTime(time, 'Asia/Kolkata')).toBe('Nov 27, 2026, 4:43 PM');
    expect(formatDateTime(new Date(time).toISOString(), CHICAGO, { seconds: true })).toBe(
      'Nov 27, 2026, 5:13:22 AM',
    );
    expect(formatTimeOfDay(time, CHICAGO)).toBe('5:13 AM');
    expect(formatTimeOfDay(time, CHICAGO, { seconds: true })).toBe('5:13:22 AM');
    // Late in the evening in Chicago is the next day in UTC.
    expect(formatDate(at('2026-11-28T03:00:00Z'), CHICAGO)).toBe('Nov 27, 2026');
  });

  it("names the zone's time at the instant (summer and winter)", () => {
    expect(zoneAbbreviation(at('2026-07-01T12:00:00Z'), CHICAGO)).toBe('CDT');
    expect(zoneAbbreviation(time, CHICAGO)).toBe('CST');
    expect(zoneAbbreviation(time, 'UTC')).toBe('UTC');
    expect(formatZonedDateTime(time, CHICAGO)).toBe('Nov 27, 2026, 5:13 AM CST');
  });
});

describe('datetime-local fields', () => {
  it('show and read wall times of the zone', () => {
    expect(toWallTimeInput(at('2026-11-27T11:13:59Z'), CHICAGO)).toBe('2026-11-27T05:13');
    expect(fromWallTimeInput('2026-11-27T05:13', CHICAGO)).toBe(at('2026-11-27T11:13:00Z'));
    expect(fromWallTimeInput('2026-07-01T00:00', CHICAGO)).toBe(at('2026-07-01T05:00:00Z'));
    expect(fromWallTimeInput('2026-11-27T05:13', 'Asia/Kolkata')).toBe(at('2026-11-26T23:43:00Z'));
  });

  it('reads an empty or partial value as none', () => {
    expect(fromWallTimeInput('', CHICAGO)).toBeNull();
    expect(fromWallTimeInput('2026-11-27', CHICAGO)).toBeNull();
  });
});
