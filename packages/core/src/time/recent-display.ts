/**
 * The Display choices of lists of what happened recently (the events list, a closure's history): what
 * is going on now only, since midnight in the organisation's zone, the last 24 hours, or all kept.
 */
import { startOfLocalDay } from './zoned-time';

export const RECENT_DISPLAYS = ['active', 'today', 'day', 'all'] as const;
export type RecentDisplay = (typeof RECENT_DISPLAYS)[number];
export const RECENT_DISPLAY_LABELS: Record<RecentDisplay, string> = {
  active: 'Active Only',
  today: 'Today',
  day: '24 hrs',
  all: 'All Recent',
};

const DAY_MS = 86_400_000;

/**
 * Whether what happened (or ended) at `at` shows under a time-bound choice at `now`: Today from the
 * last midnight in `timeZone` (the organisation's day, as the header clock shows it), 24 hrs from a day
 * before `now`, All Recent always. What Active Only shows is each list's own rule.
 */
export function withinRecentDisplay(
  display: Exclude<RecentDisplay, 'active'>,
  at: number,
  now: number,
  timeZone: string,
): boolean {
  if (display === 'all') return true;
  return at >= (display === 'today' ? startOfLocalDay(now, timeZone) : now - DAY_MS);
}
