/**
 * Serves the organisations' WZDx feeds. The work-zone feed is rebuilt only when the organisation's
 * published data changed (or the hour turned: open-ended closures' estimated ends move with it), so
 * its ETag is known from one small query and a repeated request is answered 304 without building
 * anything. Every server process derives the same ETag and bytes from the same data.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { wzdxDeviceFeed } from '@flare/core/wzdx/device-feed';
import { wzdxWorkZoneFeed } from '@flare/core/wzdx/work-zone-feed';
import type { WzdxRepository } from './wzdx.repository';

export interface FeedDocument {
  etag: string;
  lastModified: Date;
  /** Built lazily: a request that matches the ETag never needs it. */
  body(): Promise<string>;
}

const HOUR_MS = 3_600_000;
/** Organisations whose work-zone feed is kept built (the most recently served). */
const CACHED_FEEDS = 16;

const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

export class WzdxPublisher {
  private readonly built = new LRUCache<string, { etag: string; body: string }>({ max: CACHED_FEEDS });

  constructor(private readonly repository: WzdxRepository) {}

  /** The organisation's work-zone feed; null when it does not exist. */
  async workZoneFeed(organizationId: string, now = new Date()): Promise<FeedDocument | null> {
    const changedAt = await this.repository.publishedDataChangedAt(organizationId);
    if (!changedAt) return null;
    const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    const lastModified = changedAt > hour ? changedAt : hour;
    const etag = etagOf(`wzdx:${organizationId}:${changedAt.toISOString()}:${hour.toISOString()}`);
    return {
      etag,
      lastModified,
      body: async () => {
        const cached = this.built.get(organizationId);
        if (cached?.etag === etag) return cached.body;
        const [publisher, closures] = await Promise.all([
          this.repository.publisher(organizationId),
          this.repository.published(organizationId, now),
        ]);
        const body = JSON.stringify(wzdxWorkZoneFeed(publisher!, closures, lastModified));
        this.built.set(organizationId, { etag, body });
        return body;
      },
    };
  }

  /** The organisation's device feed: positions change by the second, so it is built each time. */
  async deviceFeed(organizationId: string, now = new Date()): Promise<FeedDocument | null> {
    const publisher = await this.repository.publisher(organizationId);
    if (!publisher) return null;
    const document = wzdxDeviceFeed(publisher, await this.repository.devices(organizationId), now);
    const body = JSON.stringify(document);
    return {
      etag: etagOf(body),
      lastModified: new Date(document.feed_info.update_date),
      body: () => Promise.resolve(body),
    };
  }
}
