/**
 * Keeps the live-things store current (spec 2 section 4, "Event source"): a complete REST load, then
 * either the live feed (messages merged by key and applied once a second, an incremental REST load
 * after every reconnect) or, for large organisations, an incremental REST load every 15 s.
 */
import { coalescingKey, LiveMessageSchema, type LiveMessage } from '@flare/core/live/messages';
import { openLiveFeed, type FeedStatus, type LiveFeed } from './cable-client';
import { liveThings } from './live-things-store';
import { loadThings } from './load-things';

/** Incremental loads reach this far behind the newest change seen, for changes committed late. */
const WATERMARK_OVERLAP_MS = 5_000;

export interface ThingsSyncOptions {
  organizationId: string;
  mode: 'streaming' | 'polling';
  feedUrl: string;
  token: () => string | null;
  onFeedStatus: (status: FeedStatus) => void;
  flushMs: number;
  pollMs: number;
  firstBackoffMs: number;
}

export class ThingsSync {
  private watermark: string | null = null;
  private readonly pending = new Map<string, LiveMessage>();
  private readonly timers: Array<ReturnType<typeof setInterval>> = [];
  private feed: LiveFeed | null = null;
  private stopped = false;
  private loading: Promise<void> = Promise.resolve();

  private organizationId: string;

  constructor(private readonly options: ThingsSyncOptions) {
    this.organizationId = options.organizationId;
  }

  start(): void {
    this.reload();
    if (this.options.mode === 'polling') {
      this.timers.push(setInterval(() => this.catchUp(), this.options.pollMs));
      return;
    }
    this.timers.push(setInterval(() => this.flush(), this.options.flushMs));
    this.feed = openLiveFeed({
      url: this.options.feedUrl,
      token: this.options.token,
      organizationId: this.options.organizationId,
      firstBackoffMs: this.options.firstBackoffMs,
      onStatus: this.options.onFeedStatus,
      onMessage: (raw) => this.receive(raw),
      onResubscribed: () => this.catchUp(),
    });
  }

  /** The subscribed organisation changed: resubscribe and load its assets afresh. */
  setOrganization(organizationId: string): void {
    if (organizationId === this.organizationId) return;
    this.organizationId = organizationId;
    this.pending.clear();
    this.feed?.setOrganization(organizationId);
    this.reload();
  }

  stop(): void {
    this.stopped = true;
    this.timers.forEach(clearInterval);
    this.feed?.close();
    this.pending.clear();
  }

  private receive(raw: unknown): void {
    const parsed = LiveMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const key = coalescingKey(parsed.data);
    // Re-inserting moves the key to the end, so the batch keeps the order of the latest messages.
    this.pending.delete(key);
    this.pending.set(key, parsed.data);
  }

  private flush(): void {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    liveThings.apply(batch);
  }

  private reload(): void {
    this.run(() => this.reloadNow());
  }

  private catchUp(): void {
    this.run(async () => {
      if (!this.watermark) return this.reloadNow();
      const since = new Date(Date.parse(this.watermark) - WATERMARK_OVERLAP_MS).toISOString();
      const loaded = await loadThings({ since });
      if (this.stopped) return;
      if (loaded.watermark && loaded.watermark > this.watermark) this.watermark = loaded.watermark;
      liveThings.upsert(loaded.things);
    });
  }

  private async reloadNow(): Promise<void> {
    const loaded = await loadThings();
    if (this.stopped) return;
    this.watermark = loaded.watermark;
    liveThings.replaceAll(loaded.things);
  }

  /** Loads run one at a time; a failed one leaves the store as it was (the next poll tries again). */
  private run(load: () => Promise<void>): void {
    this.loading = this.loading.then(load).catch(() => undefined);
  }
}
