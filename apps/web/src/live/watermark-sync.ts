/**
 * Keeps a keyed store current for one sign-in: a complete load, then the live socket's batches, with
 * an incremental load (what changed since the newest `updated_at` seen) after every reconnect or, for
 * large organisations without the feed, every poll interval instead.
 */
import type { KeyedStore } from './keyed-store';
import type { LiveMessageOf, LiveMessageType, LiveSession } from './live-registry';

/** Incremental loads reach this far behind the newest change seen, for changes committed late. */
const WATERMARK_OVERLAP_MS = 5_000;

export interface WatermarkSyncOptions<T extends { updated_at: string }, M extends LiveMessageType> {
  store: KeyedStore<T>;
  /** A complete load, or with `since` the items changed since then. */
  load: (since?: string) => Promise<T[]>;
  /** One flush's messages, applied to the store. */
  apply: (batch: LiveMessageOf<M>[]) => void;
  /** The product's words for why a complete load failed. */
  loadErrorMessage: (error: unknown) => string;
  polling: boolean;
  pollMs: number;
}

/** The newest `updated_at` of the items (the server's clock: no agreement between clocks needed). */
function newest(items: readonly { updated_at: string }[], since: string | null): string | null {
  return items.reduce(
    (watermark, item) => (!watermark || item.updated_at > watermark ? item.updated_at : watermark),
    since,
  );
}

export class WatermarkSync<
  T extends { updated_at: string },
  M extends LiveMessageType,
> implements LiveSession<M> {
  private watermark: string | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  private loading: Promise<void> = Promise.resolve();

  constructor(private readonly options: WatermarkSyncOptions<T, M>) {}

  start(): void {
    this.reload();
    if (this.options.polling) this.timer = setInterval(() => this.catchUp(), this.options.pollMs);
  }

  apply(batch: LiveMessageOf<M>[]): void {
    this.options.apply(batch);
  }

  /** The APIs answer for the session's organisation: loading afresh is enough. */
  setOrganization(): void {
    this.reload();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.options.store.clear();
  }

  catchUp(): void {
    this.run(async () => {
      if (!this.watermark) return this.reloadNow();
      const since = new Date(Date.parse(this.watermark) - WATERMARK_OVERLAP_MS).toISOString();
      const items = await this.options.load(since);
      if (this.stopped) return;
      this.watermark = newest(items, this.watermark);
      this.options.store.upsert(items);
    });
  }

  private reload(): void {
    this.run(() => this.reloadNow());
  }

  /** A failed complete load tells the store why, so the screens can say so until something loads. */
  private async reloadNow(): Promise<void> {
    let items: T[];
    try {
      items = await this.options.load();
    } catch (error) {
      if (!this.stopped)
        this.options.store.loadFailed(this.options.loadErrorMessage(error), () => this.reload());
      return;
    }
    if (this.stopped) return;
    this.watermark = newest(items, null);
    this.options.store.replaceAll(items);
  }

  /** Loads run one at a time; a failed one leaves the store as it was (the next poll tries again). */
  private run(load: () => Promise<void>): void {
    this.loading = this.loading.then(load).catch(() => undefined);
  }
}
