/**
 * The live feed for one sign-in. It starts the registered features
 * for the organisation, then streams: each frame is parsed against the core schema, and what arrives
 * within a short batch window (the server's coalesced flush, or an alert it sent at once) is merged by
 * coalescing key and handed over as one batch; after every reconnect the features catch up. Polling
 * organisations get no socket: their features poll instead.
 */
import { coalescingKey, LiveMessageSchema, type LiveMessage } from '@flare/core/live/messages';
import { openLiveFeed, type FeedStatus } from './cable-client';
import type { LiveRegistry } from './live-registry';

export interface LiveTransportOptions {
  registry: LiveRegistry;
  organizationId: string;
  polling: boolean;
  /** The user's permissions: which features start. */
  permissions: readonly string[];
  feedUrl: string;
  token: () => string | null;
  onFeedStatus: (status: FeedStatus) => void;
  /** The feed was refused as unauthorized: the session may have ended. */
  onUnauthorized: () => void;
  /** How long after a batch's first message it is handed over (core LIVE_FEED.batchMs). */
  batchMs: number;
  firstBackoffMs: number;
  /** Runs the batch's hand-over `ms` later (tests hold it); setTimeout unless given. */
  later?: (run: () => void, ms: number) => void;
}

export interface LiveTransport {
  /** The subscribed organisation changed: resubscribe, and the features load its data afresh. */
  setOrganization(organizationId: string): void;
  /** The network may be back: a feed that gave up tries again now. */
  retry(): void;
  stop(): void;
}

export function startLiveTransport(options: LiveTransportOptions): LiveTransport {
  let organizationId = options.organizationId;
  const sessions = options.registry.start({ organizationId, polling: options.polling }, options.permissions);
  const pending = new Map<string, LiveMessage>();

  const later = options.later ?? ((run: () => void, ms: number) => void setTimeout(run, ms));
  let batchDue = false;
  let stopped = false;

  const flush = () => {
    batchDue = false;
    if (stopped || pending.size === 0) return;
    const batch = [...pending.values()];
    pending.clear();
    sessions.dispatch(batch);
  };

  const receive = (raw: unknown) => {
    const parsed = LiveMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const key = coalescingKey(parsed.data);
    // Re-inserting moves the key to the end, so the batch keeps the order of the latest messages.
    pending.delete(key);
    pending.set(key, parsed.data);
    if (batchDue) return;
    batchDue = true;
    later(flush, options.batchMs);
  };

  const streaming = !options.polling;
  const feed = streaming
    ? openLiveFeed({
        url: options.feedUrl,
        token: options.token,
        organizationId,
        firstBackoffMs: options.firstBackoffMs,
        onStatus: options.onFeedStatus,
        onMessage: receive,
        onResubscribed: () => sessions.catchUp(),
        onUnauthorized: options.onUnauthorized,
      })
    : null;

  return {
    setOrganization(next) {
      if (next === organizationId) return;
      organizationId = next;
      pending.clear();
      feed?.setOrganization(next);
      sessions.setOrganization(next);
    },
    retry() {
      feed?.retry();
    },
    stop() {
      stopped = true;
      feed?.close();
      pending.clear();
      sessions.stop();
    },
  };
}
