import { describe, expect, it } from 'vitest';
import { fakeApi, fakeProfile, fakeTokens } from '../testing/fake-api';
import {
  displayTimeZone,
  displayZoneName,
  formatAgo,
  formatClockTime,
  formatDay,
  formatSpan,
  formatTime,
  formatWhen,
  fromZoneInput,
  toZoneInput,
} from './format-time';
import { startSession } from './session';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe('time formats', () => {
  it('says how long ago in its largest unit', () => {
    expect(formatAgo(-3 * S)).toBe('just now');
    expect(formatAgo(999)).toBe('just now');
    expect(formatAgo(12 * S + 900)).toBe('12 s ago');
    expect(formatAgo(59 * S)).toBe('59 s ago');
    expect(formatAgo(3 * MIN + 59 * S)).toBe('3 min ago');
    expect(formatAgo(2 * H + 5 * MIN)).toBe('2 h ago');
    expect(formatAgo(5 * D + 9 * H)).toBe('5 d ago');
  });

  it('gives durations their units, the two largest that apply', () => {
    expect(formatSpan(0)).toBe('0 s');
    expect(formatSpan(-5 * S)).toBe('0 s');
    expect(formatSpan(42 * S)).toBe('42 s');
    expect(formatSpan(26 * MIN + 5 * S)).toBe('26 min 5 s');
    expect(formatSpan(26 * MIN)).toBe('26 min');
    expect(formatSpan(H + 26 * MIN + 59 * S)).toBe('1 h 26 min');
    expect(formatSpan(3 * H)).toBe('3 h');
    expect(formatSpan(2 * D + 3 * H + 4 * MIN)).toBe('2 d 3 h');
    expect(formatSpan(D + 30 * MIN)).toBe('1 d');
  });
});

describe("times on the organisation's clock", () => {
  const time = Date.parse('2026-11-27T11:13:22Z');

  it("uses the browser's zone before anyone signs in", () => {
    expect(displayTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(formatWhen(null)).toBe('—');
  });

  it("shows and reads times in the organisation's time zone once signed in, not the browser's", async () => {
    fakeApi({ 'GET /profile': () => ({ status: 200, body: fakeProfile([]) }) }); // Springfield: Chicago
    await startSession(fakeTokens());
    expect(displayTimeZone()).toBe('America/Chicago');
    expect(formatTime(time)).toBe('Nov 27, 2026, 5:13:22 AM');
    expect(formatWhen(new Date(time).toISOString())).toBe('Nov 27, 2026, 5:13 AM');
    expect(formatClockTime(time)).toBe('5:13 AM');
    expect(formatClockTime(time, { seconds: true })).toBe('5:13:22 AM');
    expect(formatDay(time)).toBe('Nov 27, 2026');
    expect(displayZoneName(time)).toBe('CST');
    expect(toZoneInput(time)).toBe('2026-11-27T05:13');
    expect(fromZoneInput('2026-11-27T05:13')).toBe('2026-11-27T11:13:00.000Z');
    expect(fromZoneInput('')).toBeNull();
  });
});
