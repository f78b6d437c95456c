/**
 * A run: an asset's response from the moment it turns active through its time on location (spec 2
 * section 2: Start, Run Time and Alert Points while active; Time-to-Scene on location). Turning
 * active starts a new run, also when leaving a scene; a status outside the run ends it. The server
 * keeps the run on the asset (`run_started_at`, `run_alert_points`: reports with the alert on).
 */
import type { ServerStatus } from './thing-status';

export const RUN_START_STATUS = 'active' satisfies ServerStatus;
export const RUN_STATUSES = ['active', 'active_location'] as const satisfies readonly ServerStatus[];

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
