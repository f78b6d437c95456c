/**
 * Group commit: work queues here and is processed together, one batch at a time, while the previous
 * batch commits. Each caller's promise settles only after its batch is processed, so an
 * acknowledgement always means durable, and throughput does not cost durability. When a batch of
 * several callers fails, each is tried again on its own, so one caller's bad work fails only itself;
 * but an outage (the database out of reach) fails the batch and everything queued behind it at once.
 */
interface Pending<T> {
  items: T[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<T> {
  private queue: Array<Pending<T>> = [];
  private flushing: Promise<void> | null = null;

  constructor(
    /** Processes (commits) one batch; its failure fails every caller of the batch. */
    private readonly process: (batch: T[]) => Promise<void>,
    /** Whether a failure is an outage, which says nothing of the batch's work. */
    private readonly isOutage: (error: unknown) => boolean,
    private readonly maxBatch = 5000,
  ) {}

  write(items: T[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ items, resolve, reject });
      this.flushing ??= this.drain();
    });
  }

  /** Settles when everything queued so far is processed. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async processAlone(pending: Pending<T>): Promise<void> {
    try {
      await this.process(pending.items);
      pending.resolve();
    } catch (error) {
      pending.reject(error);
    }
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        // Let pending I/O run first so requests that already arrived join this batch. PGlite runs
        // queries on this thread; without the yield each batch would hold a single report.
        await new Promise((resolve) => setImmediate(resolve));
        const batch: Array<Pending<T>> = [];
        let size = 0;
        while (
          this.queue.length > 0 &&
          (batch.length === 0 || size + this.queue[0]!.items.length <= this.maxBatch)
        ) {
          const next = this.queue.shift()!;
          batch.push(next);
          size += next.items.length;
        }
        try {
          await this.process(batch.flatMap((p) => p.items));
          for (const p of batch) p.resolve();
        } catch (error) {
          // A caller is answered within one outage's timeout: trying each caller again on its own,
          // or the next batch, would each wait out the timeout again (a stalled network: one
          // statement timeout per caller, a minute for a burst).
          if (this.isOutage(error)) for (const p of [...batch, ...this.queue.splice(0)]) p.reject(error);
          else if (batch.length === 1) batch[0]!.reject(error);
          else for (const p of batch) await this.processAlone(p);
        }
      }
    } finally {
      this.flushing = null;
    }
  }
}
