/**
 * Reads the external WZDx feeds of WZDX_FEEDS into their organisations' feed closures, on a job that
 * runs every WZDX_POLL_MS in one process (`wzdx-feeds-poll.job.ts`). Requests are conditional (the last ETag and Last-Modified),
 * so an unchanged feed costs a 304. Each road event becomes a feed closure found again by its id
 * (changed ones updated, unchanged ones left alone); events gone from the feed are deleted. A feed
 * that cannot be fetched or read keeps its closures as they were, and the health check and the log
 * say why.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ExternalFeedHealth } from '@flare/core/schemas/common';
import { importWzdxFeed } from '@flare/core/wzdx/road-event-import';
import { toFeedClosureValues, withoutQuery } from './closures.mapper';
import { BY_FEED, type ClosuresService } from './closures.service';
import type { WzdxRepository } from './wzdx.repository';

const FETCH_TIMEOUT_MS = 20_000;
/** A larger document is refused (a WZDx feed of a whole state is a few megabytes). */
const MAX_FEED_BYTES = 50 * 1024 * 1024;

export interface WzdxFeedSource {
  organizationId: string;
  url: string;
}

class FeedError extends Error {}

async function fetchFeed(
  url: string,
  validators: { etag: string | null; lastModified: string | null },
  userAgent: string,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        accept: 'application/geo+json, application/json',
        'user-agent': userAgent,
        ...(validators.etag ? { 'if-none-match': validators.etag } : {}),
        ...(validators.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
      },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch (error) {
    const cause =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : error;
    throw new FeedError(`Could not fetch the feed: ${String(cause)}`);
  }
  if (response.status !== 304 && !response.ok)
    throw new FeedError(`The feed answered HTTP ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > MAX_FEED_BYTES)
    throw new FeedError('The feed is larger than 50 MB');
  return response;
}

async function documentOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length > MAX_FEED_BYTES) throw new FeedError('The feed is larger than 50 MB');
  try {
    return JSON.parse(text);
  } catch {
    throw new FeedError('The feed is not JSON');
  }
}

export class WzdxIngest {
  /** Feeds whose organisation does not exist (nothing can be recorded for them), with the reason. */
  private readonly unknownOrganization = new Map<string, string>();

  constructor(
    private readonly sources: readonly WzdxFeedSource[],
    private readonly repository: WzdxRepository,
    private readonly closures: ClosuresService,
    private readonly log: FastifyBaseLogger,
    private readonly userAgent: string,
  ) {}

  async pollAll(): Promise<void> {
    for (const source of this.sources) await this.poll(source);
  }

  async poll({ organizationId, url }: WzdxFeedSource): Promise<void> {
    const previous = await this.repository.source(organizationId, url);
    if (!previous && !(await this.repository.publisher(organizationId))) {
      const problem = `WZDX_FEEDS names organisation ${organizationId}, which does not exist`;
      this.unknownOrganization.set(url, problem);
      this.log.error({ url: withoutQuery(url) }, problem);
      return;
    }
    try {
      const response = await fetchFeed(
        url,
        { etag: previous?.etag ?? null, lastModified: previous?.last_modified ?? null },
        this.userAgent,
      );
      if (response.status === 304) {
        await this.repository.recordPoll(organizationId, url, { ok: true, notModified: true });
        return;
      }
      const feed = importWzdxFeed(await documentOf(response));
      if (!feed.ok) throw new FeedError(feed.error);
      const now = new Date();
      for (const event of feed.events) {
        const fingerprint = createHash('sha256').update(JSON.stringify(event)).digest('base64url');
        const values = toFeedClosureValues(event, now);
        const id = await this.repository.saveFeedClosure(
          organizationId,
          url,
          event.eventId,
          fingerprint,
          values,
        );
        if (id) await this.closures.changed(id, BY_FEED);
      }
      const kept = feed.events.map((event) => event.eventId);
      for (const id of await this.repository.removeFeedClosuresExcept(organizationId, url, kept))
        await this.closures.deleted(id, BY_FEED);
      await this.repository.recordPoll(organizationId, url, {
        ok: true,
        etag: response.headers.get('etag'),
        lastModified: response.headers.get('last-modified'),
        version: feed.version,
        eventCount: feed.events.length,
        skipped: feed.skipped,
      });
      const skipped = Object.values(feed.skipped).reduce((sum, count) => sum + count, 0);
      if (skipped > 0)
        this.log.warn({ url: withoutQuery(url), skipped: feed.skipped }, 'WZDx feed: road events skipped');
    } catch (error) {
      if (!(error instanceof FeedError)) throw error;
      await this.repository.recordPoll(organizationId, url, { ok: false, error: error.message });
      this.log.warn({ url: withoutQuery(url), error: error.message }, 'WZDx feed could not be read');
    }
  }

  /** How each configured feed's last poll went. */
  async health(): Promise<ExternalFeedHealth[]> {
    const states = await this.repository.sources();
    return this.sources.map(({ organizationId, url }) => {
      const state = states.find((s) => s.organization_id === organizationId && s.url === url);
      return {
        kind: 'wzdx',
        url: withoutQuery(url),
        organization_id: organizationId,
        ok: state !== undefined && state.error === null,
        polled_at: state?.polled_at?.toISOString() ?? null,
        succeeded_at: state?.succeeded_at?.toISOString() ?? null,
        error: state ? state.error : (this.unknownOrganization.get(url) ?? 'Not fetched yet'),
        item_count: state?.event_count ?? 0,
        skipped: state?.skipped ?? {},
      };
    });
  }
}
