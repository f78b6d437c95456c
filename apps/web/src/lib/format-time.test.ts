import { describe, expect, it } from 'vitest';
import { formatAgo, formatClockTime, formatSpan } from './format-time';

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

  it('shows the time of day to the minute on a 24-hour clock', () => {
    expect(formatClockTime(new Date(2026, 10, 22, 14, 18, 59).getTime())).toBe('14:18');
    expect(formatClockTime(new Date(2026, 10, 22, 9, 5).getTime())).toBe('09:05');
  });
});
