/**
 * A run: an asset's response from the moment it turns active through its time on location (Start,
 * Run Time and Alert Points while active; Time-to-Scene on location). Turning active starts a new
 * run, also when leaving a scene; staying active or arriving on location continues it; any other
 * status ends it. The server keeps the run on the asset (`run_started_at`, and `run_alert_points`:
 * the run's reports with the alert on).
 */
import type { ServerStatus } from './thing-status';

const RUN_STATUSES: readonly ServerStatus[] = ['active', 'active_location'];

export type RunTransition = 'start' | 'continue' | 'end';

/** What a status change does to the asset's run. */
export function runTransition(from: ServerStatus, to: ServerStatus): RunTransition {
  if (to === 'active' && from !== 'active') return 'start';
  return RUN_STATUSES.includes(to) ? 'continue' : 'end';
}

/**
 * Time-to-Scene: from the start of the run to arriving on location (when the status changed to
 * it), or null when the asset is not on location or arrived without a run (not from active).
 */
export function timeToSceneMs(thing: {
  status: ServerStatus;
  status_changed_at: string;
  run_started_at: string | null;
}): number | null {
  if (thing.status !== 'active_location' || thing.run_started_at === null) return null;
  return Math.max(0, Date.parse(thing.status_changed_at) - Date.parse(thing.run_started_at));
}
