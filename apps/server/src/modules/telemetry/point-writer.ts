/**
 * Group commit: reports queue here and are written together, one transaction per batch, while the
 * previous batch commits. Each caller's promise settles only after its reports are committed, so an
 * acknowledgement always means durable, and throughput does not cost durability.
 */
import type {
  PointRow,
  StoredThingState,
  TelemetryRepository,
  ThingPositionUpdate,
} from './telemetry.repository';

interface Pending {
  points: PointRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface CommittedBatch {
  points: PointRow[];
  /** The things the batch updated, as stored (late reports update nothing). */
  stored: StoredThingState[];
}

export class PointWriter {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly repository: TelemetryRepository,
    /** Turns a batch's points into the things' new state (the status engine). */
    private readonly toUpdates: (points: PointRow[]) => Promise<ThingPositionUpdate[]>,
    /** Called after each commit (live publishing); its errors do not fail the writers. */
    private readonly afterCommit: (batch: CommittedBatch) => void,
    private readonly maxBatch = 5000,
  ) {}

  write(points: PointRow[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ points, resolve, reject });
      this.flushing ??= this.drain();
    });
  }

  /** Settles when everything queued so far is committed. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        // Let pending I/O run first so requests that already arrived join this batch. PGlite runs
        // queries on this thread; without the yield each batch would hold a single report.
        await new Promise((resolve) => setImmediate(resolve));
        const batch: Pending[] = [];
        let size = 0;
        while (
          this.queue.length > 0 &&
          (batch.length === 0 || size + this.queue[0]!.points.length <= this.maxBatch)
        ) {
          const next = this.queue.shift()!;
          batch.push(next);
          size += next.points.length;
        }
        const points = batch.flatMap((p) => p.points);
        try {
          const updates = await this.toUpdates(points);
          const stored = await this.repository.commitBatch(points, updates);
          for (const p of batch) p.resolve();
          this.afterCommit({ points, stored });
        } catch (error) {
          for (const p of batch) p.reject(error);
        }
      }
    } finally {
      this.flushing = null;
    }
  }
}
