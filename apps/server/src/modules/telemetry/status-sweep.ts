/**
 * The timed sweep: statuses also change with time alone (active -> pending -> offline as windows
 * pass). Every interval it asks the status engine about things whose windows may have passed and
 * emits the changes on the live feed.
 */
import { computeStatus, STATUS_WINDOWS_MS, toServerStatus } from '@flare/core/status/thing-status';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceDirectory } from './device-directory';
import type { PublishLive } from './telemetry.service';
import type { TelemetryRepository } from './telemetry.repository';

const BATCH = 1000;

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

  /** One pass; returns how many things changed status. */
  async sweep(now = Date.now()): Promise<number> {
    let changed = 0;
    const candidates = await this.repository.sweepCandidates(
      new Date(now),
      STATUS_WINDOWS_MS.active,
      STATUS_WINDOWS_MS.pending,
      BATCH,
    );
    for (const thing of candidates) {
      const heartbeatAt = thing.heartbeat_at?.getTime() ?? null;
      const next = toServerStatus(
        computeStatus(
          {
            hasActiveClosure: false,
            isOnIncident: false,
            heartbeatAt,
            enroute: thing.enroute,
            street: thing.street,
          },
          now,
        ),
      );
      if (next === thing.status || !(await this.repository.moveStatus(thing.id, thing.status, next)))
        continue;
      changed++;
      const [route] = await this.directory.routesOfThings([thing.id]);
      if (route) {
        this.publish(route.organizationIds, {
          type: 'heartbeat',
          thing_id: thing.id,
          status: next,
          heartbeat_datetime: thing.heartbeat_at?.toISOString() ?? null,
        });
      }
    }
    return changed;
  }
}
