/**
 * The writes a section makes because of committed reports (incidents opened, joined and left; R2R
 * alerts), one queue per section. A write runs at once when nothing of the section is waiting, so
 * in the normal case it is done before the reports are acknowledged; when it fails it is logged and
 * tried again, in order, until it succeeds (the reports stay stored and acknowledged whatever
 * happens here). While a write waits for its retry, later writes of the section queue behind it and
 * do not hold up ingest.
 */
export type Write = () => Promise<void>;

/** Where failures are told (the server's logger). */
export interface WriteLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The n-th retry's delay (n from 0): 0.1 s doubling, at most 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(100 * 2 ** attempt, 30_000);
}

export class StagedWrites {
  private readonly waiting: Write[] = [];
  private running: Promise<void> | null = null;
  private closing = false;
  private wake: (() => void) | null = null;

  constructor(
    readonly section: string,
    private readonly log: WriteLog,
    private readonly delayMs: (attempt: number) => number = retryDelayMs,
  ) {}

  /** Queues the write; settles after its first attempt when nothing was waiting, else at once. */
  async run(write: Write): Promise<void> {
    this.waiting.push(write);
    if (this.running) return;
    let firstAttempt!: () => void;
    const attempted = new Promise<void>((resolve) => (firstAttempt = resolve));
    this.running = this.drain(firstAttempt).finally(() => (this.running = null));
    await attempted;
  }

  /** Settles when every queued write is done; after close() each gets one more try, then is dropped. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops waiting between retries (the server is stopping). */
  close(): void {
    this.closing = true;
    this.wake?.();
  }

  private async drain(firstAttempt: () => void): Promise<void> {
    for (let write = this.waiting[0]; write; write = this.waiting[0]) {
      for (let attempt = 0; ; attempt += 1) {
        try {
          await write();
          break;
        } catch (error) {
          if (this.closing) {
            this.log.error(
              { err: error, section: this.section },
              'staged write dropped: the server is stopping',
            );
            break;
          }
          this.log.warn({ err: error, section: this.section, attempt }, 'staged write failed; trying again');
          firstAttempt();
          await this.pause(this.delayMs(attempt));
        }
      }
      this.waiting.shift();
      firstAttempt();
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (this.wake = null));
  }
}
