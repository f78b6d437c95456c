/**
 * The organisation's active incidents as a Waze for Cities (CIFS) feed, in JSON and XML, at a URL with
 * a secret token (navigation apps fetch it without signing in); and the org admin's calls that turn
 * the feed on (or make a new URL, ending the old one) and off.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { XMLBuilder } from 'fast-xml-parser';
import { z } from 'zod';
import { cifsJson } from '@flare/core/incidents/waze-feed';
import { IncidentFeedSchema, NewIncidentFeedSchema, type FeedUrls } from '@flare/core/schemas/location';
import { principalOf } from '../../platform/auth-hook';
import { notFound } from '../../platform/http-errors';
import type { FeedTokensRepository } from './feed-tokens.repository';
import type { IncidentsService } from './incidents.service';
import { BEARER, errorResponses } from '../../platform/api-docs';

const errors = errorResponses(401, 403, 404);
const FEED_NOT_FOUND = 'Feed not found';
const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });

export function registerWazeFeedRoutes(
  app: FastifyInstance,
  service: IncidentsService,
  tokens: FeedTokensRepository,
  feedUrls: (token: string) => FeedUrls,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const activeOf = async (token: string) => {
    const organizationId = await tokens.organizationOf(token);
    if (!organizationId) throw notFound(FEED_NOT_FOUND);
    return cifsJson(await service.activeOf(organizationId));
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

  api.get(
    '/organization/incident_feed',
    {
      config: { access: 'manageIncidentFeed' },
      schema: {
        tags: ['incidents'],
        summary: "Whether your organisation's incident feed is on, and since when",
        security: BEARER,
        response: { 200: IncidentFeedSchema, ...errors },
      },
    },
    async (request) => {
      const createdAt = await tokens.createdAt(principalOf(request).organizationId);
      return { created_at: createdAt?.toISOString() ?? null };
    },
  );

  api.post(
    '/organization/incident_feed',
    {
      config: { access: 'manageIncidentFeed' },
      schema: {
        tags: ['incidents'],
        summary: "New URLs for your organisation's feeds (shown once); the previous ones stop working",
        security: BEARER,
        response: { 200: NewIncidentFeedSchema, ...errors },
      },
    },
    async (request) => {
      const { token, createdAt } = await tokens.rotate(principalOf(request).organizationId);
      return { created_at: createdAt.toISOString(), ...feedUrls(token) };
    },
  );

  api.delete(
    '/organization/incident_feed',
    {
      config: { access: 'manageIncidentFeed' },
      schema: {
        tags: ['incidents'],
        summary: "Turns your organisation's incident feed off",
        security: BEARER,
      },
    },
    async (request, reply) => {
      await tokens.remove(principalOf(request).organizationId);
      return reply.status(204).send();
    },
  );
}
