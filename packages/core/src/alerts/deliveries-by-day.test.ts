import { describe, expect, it } from 'vitest';
import { countsByDate, lastDays } from './deliveries-by-day';

describe('deliveries by day', () => {
  it("names the last days in the organisation's time zone, across a daylight-saving change", () => {
    // 2026-11-02 03:00 UTC is Nov 1, 21:00 in Chicago (clocks went back at 2:00 that morning).
    const now = Date.parse('2026-11-02T03:00:00Z');
    expect(lastDays(now, 3, 'America/Chicago')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01']);
    expect(lastDays(now, 2, 'UTC')).toEqual(['2026-11-01', '2026-11-02']);
  });

  it('adds the hours of each local day, leaving out the others', () => {
    const dates = ['2026-10-31', '2026-11-01'];
    const counts = [
      { hour: Date.parse('2026-11-01T04:00:00Z'), count: 2 }, // Oct 31, 23:00 CDT
      { hour: Date.parse('2026-11-01T06:00:00Z'), count: 3 }, // Nov 1, 01:00 CDT
      { hour: Date.parse('2026-11-02T05:00:00Z'), count: 7 }, // Nov 1, 23:00 CST
      { hour: Date.parse('2026-11-02T07:00:00Z'), count: 9 }, // Nov 2: not shown
    ];
    expect(countsByDate(counts, dates, 'America/Chicago')).toEqual([2, 10]);
  });
});
