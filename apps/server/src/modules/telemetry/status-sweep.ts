/**
 * The timed sweep: statuses also change with time alone (active -> pending -> offline as windows
 * pass). Every interval it takes the things whose status has run out, longest silent first, asks the
 * status engine for their new status and emits the changes on the live feed.
 */
import {
  computeStatus,
  STATUS_WINDOWS_MS,
  toServerStatus,
  type ServerStatus,
} from '@flare/core/status/thing-status';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceDirectory } from './device-directory';
import type { PublishLive } from './telemetry.service';
import { runFields, type SweepCandidate, type TelemetryRepository } from './telemetry.repository';

const BATCH = 1000;

/**
 * How long each status lasts after the last check-in, by the status engine's windows: past it,
 * computeStatus gives another status whatever the other inputs (responding needs a check-in within
 * the active window, standby within the standby window, pending within the pending window). On-scene
 * ages like responding. Offline lasts. Only things past their status's time are read, so those
 * that need no change never fill a batch.
 */
export const STATUS_LASTS_MS: Record<Exclude<ServerStatus, 'offline'>, number> = {
  active_location: STATUS_WINDOWS_MS.active,
  active: STATUS_WINDOWS_MS.active,
  standby: STATUS_WINDOWS_MS.standby,
  stationary: STATUS_WINDOWS_MS.standby,
  pending: STATUS_WINDOWS_MS.pending,
};

export class StatusSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly repository: TelemetryRepository,
    private readonly directory: DeviceDirectory,
    private readonly publish: PublishLive,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.running ??= this.sweep()
        .catch((error: unknown) => {
          this.log.error({ err: error }, 'status sweep failed');
          return 0;
        })
        .finally(() => (this.running = null));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** The things whose status has run out at `now`, longest silent first (at most one batch). */
  candidates(now = Date.now()): Promise<SweepCandidate[]> {
    const due = Object.entries(STATUS_LASTS_MS).map(([status, lastsMs]) => ({
      status: status as ServerStatus,
      checkedInBefore: new Date(now - lastsMs),
    }));
    return this.repository.sweepCandidates(due, BATCH);
  }

  /** One pass; returns how many things changed status. */
  async sweep(now = Date.now()): Promise<number> {
    let changed = 0;
    for (const thing of await this.candidates(now)) {
      const next = toServerStatus(
        computeStatus(
          {
            hasActiveClosure: false,
            isOnIncident: false,
            heartbeatAt: thing.heartbeat_at?.getTime() ?? null,
            enroute: thing.enroute,
            street: thing.street,
          },
          now,
        ),
      );
      // Skipped when a report or another server changed the thing since it was read.
      if (next === thing.status) continue;
      const run = await this.repository.moveStatus(thing, next);
      if (!run) continue;
      changed++;
      const [route] = await this.directory.routesOfThings([thing.id]);
      if (route) {
        this.publish(route.organizationIds, {
          type: 'heartbeat',
          thing_id: thing.id,
          status: next,
          heartbeat_datetime: thing.heartbeat_at?.toISOString() ?? null,
          ...runFields(run),
        });
      }
    }
    return changed;
  }
}
