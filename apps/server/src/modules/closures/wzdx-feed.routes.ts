/**
 * The organisation's published closures (WZDx WorkZoneFeed) and work-zone devices (WZDx DeviceFeed)
 * at URLs holding its work-zone feed's secret (the feeds module manages it): consumers fetch them
 * without signing in. Answers carry ETag and Last-Modified; a request that names the current one gets 304.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/http-errors';
import type { FeedDocument, WzdxPublisher } from './wzdx-publisher';

const FEED_NOT_FOUND = 'Feed not found';

/** Whether the client's copy (named by If-None-Match, else If-Modified-Since) is current. */
function isCurrent(request: FastifyRequest, document: FeedDocument): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch)
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === document.etag || tag === '*');
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(document.lastModified.getTime() / 1000) * 1000 <= since;
}

async function sendDocument(request: FastifyRequest, reply: FastifyReply, document: FeedDocument) {
  reply
    .header('ETag', document.etag)
    .header('Last-Modified', document.lastModified.toUTCString())
    .header('Cache-Control', 'no-cache');
  if (isCurrent(request, document)) return reply.status(304).send();
  return reply.type('application/geo+json; charset=utf-8').send(await document.body());
}

export function registerWzdxFeedRoutes(
  app: FastifyInstance,
  publisher: WzdxPublisher,
  tokens: Pick<FastifyInstance['feedTokens'], 'organizationOf'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const feeds = [
    {
      path: '/feeds/:token/wzdx.json',
      summary: "The organisation's published closures as a WZDx 4.2 WorkZoneFeed",
      build: (organizationId: string) => publisher.workZoneFeed(organizationId),
    },
    {
      path: '/feeds/:token/wzdx-devices.json',
      summary: "The organisation's work-zone devices with their live positions as a WZDx 4.2 DeviceFeed",
      build: (organizationId: string) => publisher.deviceFeed(organizationId),
    },
  ];
  for (const { path, summary, build } of feeds)
    api.get(
      path,
      {
        config: { public: true },
        schema: { tags: ['closures'], summary, params: z.object({ token: z.string().max(100) }) },
      },
      async (request, reply) => {
        const organizationId = await tokens.organizationOf(request.params.token, 'work_zones');
        const document = organizationId ? await build(organizationId) : null;
        if (!document) throw notFound(FEED_NOT_FOUND);
        return sendDocument(request, reply, document);
      },
    );
}
