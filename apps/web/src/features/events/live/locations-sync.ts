/**
 * Keeps the live-locations store current for one sign-in: a
 * complete load, then the live socket's `location` messages with an incremental load after every
 * reconnect or, for large organisations, an incremental load every 30 s instead.
 */
import type { LiveMessageOf, LiveSession } from '../../../live/live-registry';
import { ApiError } from '../../../lib/api-client';
import { liveLocations } from './live-locations-store';
import { loadLocations } from './load-locations';

/** Incremental loads reach this far behind the newest change seen, for changes committed late. */
const WATERMARK_OVERLAP_MS = 5_000;

export const LOCATIONS_MESSAGE_TYPES = ['location'] as const;
export type LocationsMessageType = (typeof LOCATIONS_MESSAGE_TYPES)[number];

export interface LocationsSyncOptions {
  polling: boolean;
  pollMs: number;
}

export class LocationsSync implements LiveSession<LocationsMessageType> {
  private watermark: string | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  private loading: Promise<void> = Promise.resolve();

  constructor(private readonly options: LocationsSyncOptions) {}

  start(): void {
    this.reload();
    if (this.options.polling) this.timer = setInterval(() => this.catchUp(), this.options.pollMs);
  }

  apply(batch: LiveMessageOf<LocationsMessageType>[]): void {
    liveLocations.upsert(batch.map((message) => message.location));
  }

  /** The locations API answers for the session's organisation: loading afresh is enough. */
  setOrganization(): void {
    this.reload();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    liveLocations.clear();
  }

  catchUp(): void {
    this.run(async () => {
      if (!this.watermark) return this.reloadNow();
      const since = new Date(Date.parse(this.watermark) - WATERMARK_OVERLAP_MS).toISOString();
      const loaded = await loadLocations({ since });
      if (this.stopped) return;
      if (loaded.watermark && loaded.watermark > this.watermark) this.watermark = loaded.watermark;
      liveLocations.upsert(loaded.locations);
    });
  }

  private reload(): void {
    this.run(() => this.reloadNow());
  }

  private async reloadNow(): Promise<void> {
    try {
      const loaded = await loadLocations();
      if (this.stopped) return;
      this.watermark = loaded.watermark;
      liveLocations.replaceAll(loaded.locations);
    } catch (error) {
      if (!this.stopped) liveLocations.failLoad(error instanceof ApiError ? error.status : 0);
      throw error;
    }
  }

  /** Loads run one at a time; a failed one leaves the store as it was (the next poll tries again). */
  private run(load: () => Promise<void>): void {
    this.loading = this.loading.then(load).catch(() => undefined);
  }
}
