import { describe, expect, it } from 'vitest';
import { makeClosureHistoryEntry } from '../testing/closures';
import {
  closureChangedBy,
  closureHistoryAction,
  closureHistoryDisplayOf,
  closureHistoryShown,
  CLOSURE_HISTORY_DISPLAY_CODES,
} from './closure-history';

/** The organisation's zone; 15:00 UTC is 9:00 AM there. */
const ZONE = 'America/Chicago';
const now = Date.parse('2026-11-22T15:00:00Z');

const entry = makeClosureHistoryEntry;

describe("a closure's history", () => {
  it('carries the specification codes: Active only 1, Today 2, Day ago 3, All 4', () => {
    expect(CLOSURE_HISTORY_DISPLAY_CODES).toEqual({ active: 1, today: 2, day: 3, all: 4 });
    expect(closureHistoryDisplayOf('1')).toBe('active');
    expect(closureHistoryDisplayOf('2')).toBe('today');
    expect(closureHistoryDisplayOf('3')).toBe('day');
    expect(closureHistoryDisplayOf('4')).toBe('all');
    // Absent or unknown: all kept.
    expect(closureHistoryDisplayOf(null)).toBe('all');
    expect(closureHistoryDisplayOf('active')).toBe('all');
  });

  it('names each change from the closure before and after it', () => {
    const off = { is_active: false, is_deleted: false };
    const on = { is_active: true, is_deleted: false };
    expect(closureHistoryAction(null, off, 'user')).toBe('created');
    expect(closureHistoryAction(null, on, 'feed')).toBe('created');
    expect(closureHistoryAction(off, on, 'schedule')).toBe('switched_on');
    expect(closureHistoryAction(on, off, 'user')).toBe('switched_off');
    expect(closureHistoryAction(on, on, 'user')).toBe('changed');
    expect(closureHistoryAction(off, off, 'asset')).toBe('back_to_standby');
    expect(closureHistoryAction(on, { is_active: false, is_deleted: true }, 'user')).toBe('deleted');
  });

  it("says who: the user's name, or the schedule, the asset's check-in or the feed", () => {
    expect(closureChangedBy({ source: 'user', user: { id: 'u1', name: 'Ann Lee' } })).toBe('Ann Lee');
    expect(closureChangedBy({ source: 'schedule', user: null })).toBe('Schedule');
    expect(closureChangedBy({ source: 'asset', user: null })).toBe('Asset check-in');
    expect(closureChangedBy({ source: 'feed', user: null })).toBe('Feed');
  });

  it('shows the entries each Display choice asks for', () => {
    const changedOn = entry('2026-11-22T14:00:00Z', { is_active: true });
    const switchedOn = entry('2026-11-22T07:00:00Z', { action: 'switched_on', is_active: true });
    const lastNight = entry('2026-11-22T04:00:00Z', { action: 'switched_off' });
    const twoDaysAgo = entry('2026-11-20T15:00:00Z', { action: 'created', is_active: true });
    const all = [changedOn, switchedOn, lastNight, twoDaysAgo];
    const shown = (display: Parameters<typeof closureHistoryShown>[1], entries = all) =>
      closureHistoryShown(entries, display, now, ZONE);
    // Active Only: the current activation, since it was last switched on.
    expect(shown('active')).toEqual([changedOn, switchedOn]);
    expect(shown('active', [lastNight, twoDaysAgo])).toEqual([]);
    expect(shown('active', [twoDaysAgo])).toEqual([twoDaysAgo]);
    // Today: since midnight in the organisation's zone; 24 hrs: the last day.
    expect(shown('today')).toEqual([changedOn, switchedOn]);
    expect(shown('day')).toEqual([changedOn, switchedOn, lastNight]);
    expect(shown('all')).toEqual(all);
    // The organisation's day, whatever the browser's: in Tokyo a new day began at 15:00 UTC.
    expect(closureHistoryShown(all, 'today', now, 'Asia/Tokyo')).toEqual([]);
  });
});
