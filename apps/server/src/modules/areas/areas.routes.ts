/** The areas API (`exclusion_zone`): list, add, change and delete an organisation's areas. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AreaInputSchema, AreaSchema, AreasQuerySchema, AreasSchema } from '@flare/core/schemas/area';
import { BEARER, errorResponses } from '../../platform/api-docs';
import { principalOf } from '../../platform/auth-hook';
import type { AreasService } from './areas.service';

const errors = errorResponses(400, 401, 403, 404, 422);
const PATH = '/organization/exclusion_zone';

export function registerAreasRoutes(app: FastifyInstance, service: AreasService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Every route is open to whoever sees areas; who may add, change or delete which area is core's
  // area-access rule, checked by the service against the area itself.
  api.get(
    PATH,
    {
      config: { access: 'viewAreas' },
      schema: {
        tags: ['areas'],
        summary: 'Areas of the given organisations (default: your own)',
        security: BEARER,
        querystring: AreasQuerySchema,
        response: { 200: AreasSchema, ...errors },
      },
    },
    async (request) => ({ data: await service.list(principalOf(request), request.query['org_ids[]']) }),
  );

  api.post(
    PATH,
    {
      config: { access: 'viewAreas' },
      schema: {
        tags: ['areas'],
        summary:
          'Add an area: a polygon (`area_geom`, at least 3 points, under 0.5 square miles), or a point of interest (`is_poi`)',
        security: BEARER,
        body: AreaInputSchema,
        response: { 201: AreaSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(principalOf(request), request.body)),
  );

  api.put(
    `${PATH}/:id`,
    {
      config: { access: 'viewAreas' },
      schema: {
        tags: ['areas'],
        summary: 'Change an area (the whole area is sent)',
        security: BEARER,
        params: z.object({ id: z.uuid() }),
        body: AreaInputSchema,
        response: { 200: AreaSchema, ...errors },
      },
    },
    (request) => service.update(principalOf(request), request.params.id, request.body),
  );

  api.delete(
    `${PATH}/:id`,
    {
      config: { access: 'viewAreas' },
      schema: {
        tags: ['areas'],
        summary: 'Delete an area (404 "Area not found" when it was deleted already)',
        security: BEARER,
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ id: z.string() }), ...errors },
      },
    },
    (request) => service.delete(principalOf(request), request.params.id),
  );
}
