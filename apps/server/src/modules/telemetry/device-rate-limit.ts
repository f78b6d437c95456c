/**
 * Ingest requests per device per minute (fixed one-minute windows, per server process): a device, or
 * whoever holds its credential, cannot flood the server. Counted by asset once its device is known,
 * so made-up ids cost no memory here (the per-address limit stops those).
 */
const WINDOW_MS = 60_000;

export class DeviceRateLimit {
  private window = -1;
  private readonly counts = new Map<string, number>();

  constructor(
    /** 0: no limit. */
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for each asset; answers those over their limit. */
  admit(thingIds: Iterable<string>): Set<string> {
    const over = new Set<string>();
    if (this.perMinute === 0) return over;
    const window = Math.floor(this.now() / WINDOW_MS);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    for (const id of new Set(thingIds)) {
      const count = (this.counts.get(id) ?? 0) + 1;
      this.counts.set(id, count);
      if (count > this.perMinute) over.add(id);
    }
    return over;
  }

  /** Seconds until the current window ends. */
  retryAfterSeconds(): number {
    return Math.ceil((WINDOW_MS - (this.now() % WINDOW_MS)) / 1000);
  }
}
