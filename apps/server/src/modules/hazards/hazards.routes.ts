/** The hazards API for signed-in users: the hazard report, one hazard, its photo, reporting and resolving. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateHazardInputSchema,
  HazardSchema,
  HazardsQuerySchema,
  HazardsSchema,
} from '@flare/core/schemas/hazard';
import { BEARER, errorResponses } from '../../platform/api-docs';
import { principalOf } from '../../platform/auth-hook';
import type { HazardsService } from './hazards.service';

/** A JSON body with a photo of up to 5 MB in base64. */
export const HAZARD_BODY_LIMIT = 8 * 1024 * 1024;
const errors = errorResponses(400, 401, 403, 404, 409);
const params = z.object({ id: z.uuid() });

export function registerHazardsRoutes(app: FastifyInstance, service: HazardsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/organization/hazards',
    {
      config: { access: 'viewHazards' },
      schema: {
        tags: ['hazards'],
        summary:
          "The hazard report: hazards of the given organisations (default: your own) of the types given (or 'all'), severities and status, reported in [start_time, end_time) (default: the last 24 hours), newest first",
        security: BEARER,
        querystring: HazardsQuerySchema,
        response: { 200: HazardsSchema, ...errors },
      },
    },
    (request) => service.search(principalOf(request), request.query),
  );

  api.post(
    '/hazards',
    {
      config: { access: 'reportHazard' },
      bodyLimit: HAZARD_BODY_LIMIT,
      schema: {
        tags: ['hazards'],
        summary: 'Report a hazard at a point, now (an optional note and JPEG, PNG or WebP photo in base64)',
        security: BEARER,
        body: CreateHazardInputSchema,
        response: { 201: HazardSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(principalOf(request), request.body)),
  );

  api.get(
    '/hazards/:id',
    {
      config: { access: 'viewHazards' },
      schema: {
        tags: ['hazards'],
        summary: 'One hazard (404 "Hazard not found" when your organisations do not see it)',
        security: BEARER,
        params,
        response: { 200: HazardSchema, ...errors },
      },
    },
    (request) => service.get(principalOf(request), request.params.id),
  );

  api.get(
    '/hazards/:id/photo',
    {
      config: { access: 'viewHazards' },
      schema: {
        tags: ['hazards'],
        summary: "A hazard's photo (image/jpeg, image/png or image/webp)",
        security: BEARER,
        params,
        response: { 200: z.any().describe('The image'), ...errors },
      },
    },
    async (request, reply) => {
      const photo = await service.photo(principalOf(request), request.params.id);
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .send(photo.data);
    },
  );

  api.put(
    '/hazards/:id/resolve',
    {
      config: { access: 'resolveHazard' },
      schema: {
        tags: ['hazards'],
        summary: 'Mark an open hazard resolved (409 "Hazard is already resolved")',
        security: BEARER,
        params,
        response: { 200: HazardSchema, ...errors },
      },
    },
    (request) => service.resolve(principalOf(request), request.params.id),
  );
}
