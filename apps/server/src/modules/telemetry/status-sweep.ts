/**
 * The status sweep: statuses also change with time alone (active -> pending -> offline as windows
 * pass). Each pass takes the things whose status has run out, longest silent first, and applies the
 * status rule to them again. It runs as a recurring job (`status-sweep.job.ts`), so exactly one
 * server process sweeps at a time.
 */
import { STATUS_LASTS_MS, type ServerStatus } from '@flare/core/status/thing-status';
import type { StatusSubjectRow, TelemetryRepository } from './telemetry.repository';
import type { ThingStatesService } from './thing-states.service';

const BATCH = 1000;

export class StatusSweep {
  constructor(
    private readonly repository: TelemetryRepository,
    private readonly states: ThingStatesService,
  ) {}

  /** The things whose status has run out at `now`, longest silent first (at most one batch). */
  candidates(now = Date.now()): Promise<StatusSubjectRow[]> {
    const due = Object.entries(STATUS_LASTS_MS).map(([status, lastsMs]) => ({
      status: status as ServerStatus,
      checkedInBefore: new Date(now - lastsMs),
    }));
    return this.repository.sweepCandidates(due, BATCH);
  }

  /** One pass; returns how many things changed status. */
  async sweep(now = Date.now()): Promise<number> {
    return this.states.applyStatusRule(await this.candidates(now), 'time', now);
  }
}
