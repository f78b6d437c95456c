import { describe, expect, it } from 'vitest';
import { dayIndexOf, monthOf, monthPeriod, monthTitle, previousMonth } from './report-period';

const at = (iso: string) => Date.parse(iso);
const CHICAGO = 'America/Chicago';

describe('monthPeriod', () => {
  it("runs from local midnight of the 1st to the next month's, across a change to winter time", () => {
    // Chicago leaves daylight saving time on 1 November 2026 at 02:00: the month starts at -5 h, ends at -6 h.
    expect(monthPeriod({ year: 2026, month: 11 }, CHICAGO)).toEqual({
      year: 2026,
      month: 11,
      timeZone: CHICAGO,
      start: at('2026-11-01T05:00:00Z'),
      end: at('2026-12-01T06:00:00Z'),
      days: 30,
    });
  });

  it('follows the change to summer time inside the month', () => {
    const march = monthPeriod({ year: 2026, month: 3 }, CHICAGO);
    expect([march.start, march.end, march.days]).toEqual([
      at('2026-03-01T06:00:00Z'),
      at('2026-04-01T05:00:00Z'),
      31,
    ]);
  });

  it('rolls December over into the next year, and knows leap years', () => {
    const december = monthPeriod({ year: 2026, month: 12 }, 'UTC');
    expect([december.start, december.end]).toEqual([at('2026-12-01T00:00:00Z'), at('2027-01-01T00:00:00Z')]);
    expect(monthPeriod({ year: 2028, month: 2 }, 'UTC').days).toBe(29);
    expect(monthPeriod({ year: 2026, month: 2 }, 'UTC').days).toBe(28);
  });

  it('handles zones half an hour off the hour and ahead of UTC', () => {
    expect(monthPeriod({ year: 2026, month: 1 }, 'Asia/Kolkata').start).toBe(at('2025-12-31T18:30:00Z'));
  });
});

describe('days and months of an instant', () => {
  const november = monthPeriod({ year: 2026, month: 11 }, CHICAGO);

  it('gives the local day of the month, nothing outside it', () => {
    expect(dayIndexOf(at('2026-11-01T05:00:00Z'), november)).toBe(0);
    expect(dayIndexOf(at('2026-11-01T04:59:59Z'), november)).toBeNull();
    // 23:59 on the 30th in Chicago is already 1 December in UTC.
    expect(dayIndexOf(at('2026-12-01T05:59:00Z'), november)).toBe(29);
    expect(dayIndexOf(at('2026-12-01T06:00:00Z'), november)).toBeNull();
  });

  it('names the local month of an instant', () => {
    expect(monthOf(at('2026-12-01T05:30:00Z'), CHICAGO)).toEqual({ year: 2026, month: 11 });
    expect(monthOf(at('2026-12-01T05:30:00Z'), 'UTC')).toEqual({ year: 2026, month: 12 });
  });

  it('steps back a month, into the previous year from January', () => {
    expect(previousMonth({ year: 2026, month: 1 })).toEqual({ year: 2025, month: 12 });
    expect(previousMonth({ year: 2026, month: 11 })).toEqual({ year: 2026, month: 10 });
    expect(monthTitle({ year: 2026, month: 11 })).toBe('November 2026');
  });
});
