/**
 * A closure's activity history: what each change was (worked out from the closure before and after),
 * who made it, how much is kept, and the detail's Display filter with the specification's codes
 * (Active only 1, Today 2, Day ago 3, All 4).
 */
import type {
  ClosureChangeSource,
  ClosureHistoryAction,
  ClosureHistoryEntry,
} from '../schemas/closure-history';
import { withinRecentDisplay, type RecentDisplay } from '../time/recent-display';

/** The newest entries kept per closure; older ones are dropped as new ones come. */
export const CLOSURE_HISTORY_KEPT = 500;

export const CLOSURE_HISTORY_DISPLAY_CODES: Record<RecentDisplay, number> = {
  active: 1,
  today: 2,
  day: 3,
  all: 4,
};
export const CLOSURE_HISTORY_DISPLAY_DEFAULT: RecentDisplay = 'all';

/** The Display choice a code names (as the URL carries it); an absent or unknown code is the default. */
export function closureHistoryDisplayOf(code: string | null): RecentDisplay {
  const found = Object.entries(CLOSURE_HISTORY_DISPLAY_CODES).find(([, value]) => String(value) === code);
  return (found?.[0] as RecentDisplay | undefined) ?? CLOSURE_HISTORY_DISPLAY_DEFAULT;
}

export const CLOSURE_HISTORY_ACTION_LABELS: Record<ClosureHistoryAction, string> = {
  created: 'Created',
  switched_on: 'Switched on',
  switched_off: 'Switched off',
  changed: 'Changed',
  back_to_standby: 'Back to standby',
  deleted: 'Deleted',
};

const SOURCE_LABELS: Record<Exclude<ClosureChangeSource, 'user'>, string> = {
  schedule: 'Schedule',
  asset: 'Asset check-in',
  feed: 'Feed',
};

/** Who made a change, as the history shows it: the user's name, or what made it. */
export function closureChangedBy(entry: Pick<ClosureHistoryEntry, 'source' | 'user'>): string {
  return entry.source === 'user' ? (entry.user?.name ?? 'A user') : SOURCE_LABELS[entry.source];
}

interface ClosureState {
  is_active: boolean;
}

/**
 * What a change was, from the closure as last recorded (null: nothing recorded yet, so it is new) and
 * as it is now. An asset's check-in changes nothing stored: it only brings its closures back to standby.
 */
export function closureHistoryAction(
  previous: ClosureState | null,
  now: ClosureState & { is_deleted: boolean },
  source: ClosureChangeSource,
): ClosureHistoryAction {
  if (now.is_deleted) return 'deleted';
  if (source === 'asset') return 'back_to_standby';
  if (!previous) return 'created';
  if (previous.is_active !== now.is_active) return now.is_active ? 'switched_on' : 'switched_off';
  return 'changed';
}

/**
 * The entries (newest first) a Display choice shows at `now`: Active Only the closure's current
 * activation (the entries since it was last switched on, none while it is off), the others by when
 * each change was made.
 */
export function closureHistoryShown(
  entries: readonly ClosureHistoryEntry[],
  display: RecentDisplay,
  now: number,
  timeZone: string,
): ClosureHistoryEntry[] {
  if (display !== 'active')
    return entries.filter((entry) => withinRecentDisplay(display, Date.parse(entry.at), now, timeZone));
  const switchedOff = entries.findIndex((entry) => !entry.is_active);
  return switchedOff === -1 ? [...entries] : entries.slice(0, switchedOff);
}
