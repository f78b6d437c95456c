import { describe, expect, it } from 'vitest';
import { ZonedTimeFormatter } from './zoned-time';

describe('zoned ISO 8601 times', () => {
  it('writes UTC with Z', () => {
    expect(new ZonedTimeFormatter('UTC').format(Date.UTC(2026, 10, 30, 4, 5, 6, 7))).toBe(
      '2026-11-30T04:05:06.007Z',
    );
  });

  it('writes the zone wall time with its offset, across a daylight-saving change', () => {
    const chicago = new ZonedTimeFormatter('America/Chicago');
    expect(chicago.format(Date.UTC(2026, 10, 30, 4, 5, 6, 7))).toBe('2026-11-29T22:05:06.007-06:00');
    // Summer time ends 2026-11-01 at 02:00 local (07:00 UTC): 01:59:59 CDT, then 01:00 CST.
    expect(chicago.format(Date.UTC(2026, 10, 1, 6, 59, 59))).toBe('2026-11-01T01:59:59.000-05:00');
    expect(chicago.format(Date.UTC(2026, 10, 1, 7, 0, 0))).toBe('2026-11-01T01:00:00.000-06:00');
  });

  it('keeps half- and quarter-hour offsets', () => {
    expect(new ZonedTimeFormatter('Asia/Kathmandu').format(Date.UTC(2026, 0, 1))).toBe(
      '2026-01-01T05:45:00.000+05:45',
    );
    expect(new ZonedTimeFormatter('America/St_Johns').format(Date.UTC(2026, 0, 1))).toBe(
      '2025-12-31T20:30:00.000-03:30',
    );
  });

  it('agrees with the slow way for every hour of a year', () => {
    const formatter = new ZonedTimeFormatter('Europe/Berlin');
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3_600_000 + 61_001) {
      const text = formatter.format(ms);
      expect(Date.parse(text)).toBe(ms);
    }
  });

  it('refuses an unknown zone', () => {
    expect(() => new ZonedTimeFormatter('Mars/Olympus')).toThrow(RangeError);
  });
});
