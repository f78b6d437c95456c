/**
 * The calls that manage an organisation's public feeds, one route per feed kind so each checks its own
 * access: whether it is on and its URLs (shown again at any time), a new URL (the old one stops
 * working), off. The feeds themselves are served by the incidents (Waze) and closures (WZDx) modules.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FEED_ACCESS,
  FEED_FORMATS,
  FEED_KINDS,
  FEED_TITLES,
  FeedSchema,
  type Feed,
  type FeedFormat,
  type FeedKind,
} from '@flare/core/schemas/feeds';
import { principalOf } from '../../platform/auth-hook';
import { BEARER, errorResponses } from '../../platform/api-docs';
import type { FeedToken, FeedTokensRepository } from './feed-tokens.repository';

const errors = errorResponses(401, 403);

/** Where each format is served, under /api/feeds/<secret>/. */
export const FEED_FILES: Record<FeedFormat, string> = {
  waze_json: 'waze.json',
  waze_xml: 'waze.xml',
  wzdx: 'wzdx.json',
  wzdx_devices: 'wzdx-devices.json',
};

export function registerFeedsRoutes(
  app: FastifyInstance,
  tokens: FeedTokensRepository,
  publicUrl: () => string,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const feedOf = (kind: FeedKind, current: FeedToken | null): Feed => ({
    kind,
    created_at: current?.createdAt.toISOString() ?? null,
    urls: current?.token
      ? FEED_FORMATS[kind].map((format) => ({
          format,
          url: `${publicUrl()}/api/feeds/${current.token}/${FEED_FILES[format]}`,
        }))
      : [],
  });

  for (const kind of FEED_KINDS) {
    const path = `/organization/feeds/${kind}`;
    const config = { access: FEED_ACCESS[kind] };
    const title = FEED_TITLES[kind];
    api.get(
      path,
      {
        config,
        schema: {
          tags: ['feeds'],
          summary: `${title}: whether it is on, since when, and its URLs`,
          security: BEARER,
          response: { 200: FeedSchema, ...errors },
        },
      },
      async (request) => feedOf(kind, await tokens.current(principalOf(request).organizationId, kind)),
    );
    api.post(
      path,
      {
        config,
        schema: {
          tags: ['feeds'],
          summary: `${title}: turns it on, or makes a new URL (the previous one stops working)`,
          security: BEARER,
          response: { 200: FeedSchema, ...errors },
        },
      },
      async (request) => feedOf(kind, await tokens.renew(principalOf(request).organizationId, kind)),
    );
    api.delete(
      path,
      {
        config,
        schema: { tags: ['feeds'], summary: `${title}: turns it off`, security: BEARER },
      },
      async (request, reply) => {
        await tokens.remove(principalOf(request).organizationId, kind);
        return reply.status(204).send();
      },
    );
  }
}
