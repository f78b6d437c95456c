/**
 * A closure's status. Manual and feed closures are active or standby. An automated closure is active
 * when switched on; otherwise its asset's last check-in decides: within 8 hours standby, within 4 days
 * pending, after that (or never) offline.
 */
import { CLOSURE_STATUSES, type ClosureStatus, type ClosureType } from '../schemas/closure';
import { STATUS_WINDOWS_MS } from '../status/thing-status';

export function closureStatus(
  closure: { closure_type: ClosureType; is_active: boolean },
  assetHeartbeatAt: number | null,
  now: number,
): ClosureStatus {
  if (closure.is_active) return 'active';
  if (closure.closure_type !== 'automated') return 'standby';
  if (assetHeartbeatAt === null) return 'offline';
  const age = now - assetHeartbeatAt;
  if (age <= STATUS_WINDOWS_MS.standby) return 'standby';
  if (age <= STATUS_WINDOWS_MS.pending) return 'pending';
  return 'offline';
}

/** How many closures have each status (deleted ones left out), as the list answers and shows them. */
export function closureCounts(
  closures: ReadonlyArray<{ status: ClosureStatus; is_deleted: boolean }>,
): Record<ClosureStatus, number> {
  const counts = Object.fromEntries(CLOSURE_STATUSES.map((status) => [status, 0])) as Record<
    ClosureStatus,
    number
  >;
  for (const closure of closures) if (!closure.is_deleted) counts[closure.status] += 1;
  return counts;
}
