/**
 * Keeps the live-things store current for one sign-in: a complete
 * REST load, then the live socket's batches with an incremental load after every reconnect or, for
 * large organisations, an incremental load every 15 s instead.
 */
import { THING_MESSAGES } from '@flare/core/schemas/thing';
import { thingsLoadErrorMessage } from '@flare/core/things/thing-errors';
import { ApiError } from '../../../lib/api-client';
import type { LiveMessageOf, LiveSession } from '../../../live/live-registry';
import { liveThings } from './live-things-store';
import { loadThings, type LoadedThings } from './load-things';

/** Incremental loads reach this far behind the newest change seen, for changes committed late. */
const WATERMARK_OVERLAP_MS = 5_000;

export const THINGS_MESSAGE_TYPES = ['point', 'heartbeat', 'thing'] as const;
export type ThingsMessageType = (typeof THINGS_MESSAGE_TYPES)[number];

export interface ThingsSyncOptions {
  polling: boolean;
  pollMs: number;
}

/** The spec's words for a failed load; anything but an HTTP answer (an unreadable body) is unknown. */
function loadErrorMessage(error: unknown): string {
  return error instanceof ApiError ? thingsLoadErrorMessage(error.status) : THING_MESSAGES.unknownFailure;
}

export class ThingsSync implements LiveSession<ThingsMessageType> {
  private watermark: string | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  private loading: Promise<void> = Promise.resolve();

  constructor(private readonly options: ThingsSyncOptions) {}

  start(): void {
    this.reload();
    if (this.options.polling) this.timer = setInterval(() => this.catchUp(), this.options.pollMs);
  }

  apply(batch: LiveMessageOf<ThingsMessageType>[]): void {
    liveThings.apply(batch);
  }

  /** The assets API answers for the session's organisation: loading afresh is enough. */
  setOrganization(): void {
    this.reload();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    liveThings.clear();
  }

  catchUp(): void {
    this.run(async () => {
      if (!this.watermark) return this.reloadNow();
      const since = new Date(Date.parse(this.watermark) - WATERMARK_OVERLAP_MS).toISOString();
      const loaded = await loadThings({ since });
      if (this.stopped) return;
      if (loaded.watermark && loaded.watermark > this.watermark) this.watermark = loaded.watermark;
      liveThings.upsert(loaded.things);
    });
  }

  private reload(): void {
    this.run(() => this.reloadNow());
  }

  /** A failed complete load tells the store why, so the list can say so until something loads. */
  private async reloadNow(): Promise<void> {
    let loaded: LoadedThings;
    try {
      loaded = await loadThings();
    } catch (error) {
      if (!this.stopped) liveThings.loadFailed(loadErrorMessage(error), () => this.reload());
      return;
    }
    if (this.stopped) return;
    this.watermark = loaded.watermark;
    liveThings.replaceAll(loaded.things);
  }

  /** Loads run one at a time; a failed one leaves the store as it was (the next poll tries again). */
  private run(load: () => Promise<void>): void {
    this.loading = this.loading.then(load).catch(() => undefined);
  }
}
