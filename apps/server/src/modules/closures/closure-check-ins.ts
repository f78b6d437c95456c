/**
 * The check-ins that bring switched-off automated closures back to standby. Such a closure's status
 * follows its asset's last check-in (core's closureStatus): pending or offline after a silence, standby
 * again at the next check-in. The assets with such closures and their last check-in are kept in memory,
 * loaded at start and on each `closure.changed`, so an ingest batch costs a map lookup per asset.
 */
import { closureStatus } from '@flare/core/closures/closure-status';
import type { ThingState } from '@flare/core/events/thing-events';
import type { ClosuresRepository } from './closures.repository';

const SWITCHED_OFF_AUTOMATED = { closure_type: 'automated', is_active: false } as const;

export class ClosureCheckIns {
  /** asset id -> its last check-in (ms; null: never), for assets with switched-off automated closures. */
  private lastCheckIn = new Map<string, number | null>();

  constructor(private readonly repository: ClosuresRepository) {}

  async load(): Promise<void> {
    const rows = await this.repository.switchedOffAutomatedAssets();
    this.lastCheckIn = new Map(rows.map((row) => [row.thing_id, row.heartbeat_at?.getTime() ?? null]));
  }

  /** The assets whose check-in in these states turned their closures from pending or offline to standby. */
  backToStandby(states: readonly ThingState[], now: number): string[] {
    const back: string[] = [];
    for (const { thing_id, heartbeat_at } of states) {
      if (heartbeat_at === null || !this.lastCheckIn.has(thing_id)) continue;
      const before = this.lastCheckIn.get(thing_id) ?? null;
      const after = Date.parse(heartbeat_at);
      if (before !== null && before >= after) continue;
      this.lastCheckIn.set(thing_id, after);
      if (
        closureStatus(SWITCHED_OFF_AUTOMATED, before, now) !== 'standby' &&
        closureStatus(SWITCHED_OFF_AUTOMATED, after, now) === 'standby'
      )
        back.push(thing_id);
    }
    return back;
  }
}
