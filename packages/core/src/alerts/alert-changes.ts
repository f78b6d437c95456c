/** What changed between the alerts partners last heard and the alerts now: created, updated, ended. */
import type { AlertChange } from '../events/alert-events';
import type { Alert } from '../schemas/alert';

export interface AlertDifference {
  change: AlertChange;
  /** As it is now; for an ended alert, as it was last. */
  alert: Alert;
  /** An updated alert as it was. */
  previous: Alert | null;
}

/** JSON with every object's keys in order: the same for two equal alerts, whatever order they were built in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, field: unknown) =>
    field && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : 1)))
      : field,
  );
}

export function alertChanges(before: readonly Alert[], now: readonly Alert[]): AlertDifference[] {
  const previous = new Map(before.map((alert) => [alert.id, alert]));
  const current = new Set(now.map((alert) => alert.id));
  const changes: AlertDifference[] = [];
  for (const alert of now) {
    const was = previous.get(alert.id);
    if (!was) changes.push({ change: 'created', alert, previous: null });
    else if (canonical(was) !== canonical(alert)) changes.push({ change: 'updated', alert, previous: was });
  }
  for (const alert of before)
    if (!current.has(alert.id)) changes.push({ change: 'ended', alert, previous: null });
  return changes;
}
