/**
 * The organisation's active incidents as a Waze for Cities (CIFS) feed, in JSON and XML, at a URL with
 * its incident feed's secret (navigation apps fetch it without signing in; the feeds module manages it).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { XMLBuilder } from 'fast-xml-parser';
import { z } from 'zod';
import { cifsJson } from '@flare/core/incidents/waze-feed';
import { notFound } from '../../platform/http-errors';
import type { IncidentsService } from './incidents.service';

const FEED_NOT_FOUND = 'Feed not found';
const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });

export function registerWazeFeedRoutes(
  app: FastifyInstance,
  service: IncidentsService,
  tokens: Pick<FastifyInstance['feedTokens'], 'organizationOf'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const activeOf = async (token: string) => {
    const organizationId = await tokens.organizationOf(token, 'incidents');
    if (!organizationId) throw notFound(FEED_NOT_FOUND);
    return cifsJson(await service.activeOf([organizationId]));
  };

  api.get(
    '/feeds/:token/waze.json',
    {
      config: { public: true },
      schema: {
        tags: ['incidents'],
        summary: "The organisation's active incidents in Waze's CIFS JSON format",
        params: z.object({ token: z.string().max(100) }),
      },
    },
    (request) => activeOf(request.params.token),
  );

  api.get(
    '/feeds/:token/waze.xml',
    {
      config: { public: true },
      schema: {
        tags: ['incidents'],
        summary: "The organisation's active incidents in Waze's CIFS XML format",
        params: z.object({ token: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const { incidents } = await activeOf(request.params.token);
      const document = xml.build({
        '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
        incidents: {
          incident: incidents.map(({ incident: { id, ...fields } }) => ({ '@_id': id, ...fields })),
        },
      });
      return reply.type('application/xml; charset=utf-8').send(document);
    },
  );
}
