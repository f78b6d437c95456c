/** The alerting zones API: list, add, change and delete an organisation's wrong-way-driver zones. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZoneInputSchema, ZoneSchema, ZonesQuerySchema } from '@flare/core/schemas/zone';
import { BEARER, errorResponses } from '../../platform/api-docs';
import { principalOf } from '../../platform/auth-hook';
import type { ZonesService } from './zones.service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const PATH = '/organization/alerting_zones';

export function registerZonesRoutes(app: FastifyInstance, service: ZonesService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Open to whoever sees zones; who may change which zone is core's zone-access rule, checked by the
  // service against the zone itself.
  api.get(
    PATH,
    {
      config: { access: 'viewZones' },
      schema: {
        tags: ['zones'],
        summary: 'Alerting zones of the given organisations (default: your own), optionally one hotspot',
        security: BEARER,
        querystring: ZonesQuerySchema,
        response: { 200: z.object({ data: z.array(ZoneSchema) }), ...errors },
      },
    },
    async (request) => ({
      data: await service.list(principalOf(request), request.query['org_ids[]'], request.query.hotspot_id),
    }),
  );

  api.post(
    PATH,
    {
      config: { access: 'viewZones' },
      schema: {
        tags: ['zones'],
        summary: 'Add a wrong-way-driver zone: a polyline of at least 2 points and a hotspot id',
        security: BEARER,
        body: ZoneInputSchema,
        response: { 201: ZoneSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(principalOf(request), request.body)),
  );

  api.put(
    `${PATH}/:id`,
    {
      config: { access: 'viewZones' },
      schema: {
        tags: ['zones'],
        summary: 'Change a zone (the whole zone is sent)',
        security: BEARER,
        params: z.object({ id: z.uuid() }),
        body: ZoneInputSchema,
        response: { 200: ZoneSchema, ...errors },
      },
    },
    (request) => service.update(principalOf(request), request.params.id, request.body),
  );

  api.delete(
    `${PATH}/:id`,
    {
      config: { access: 'viewZones' },
      schema: {
        tags: ['zones'],
        summary: 'Delete a zone (404 "Zone not found" when it was deleted already)',
        security: BEARER,
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ id: z.string() }), ...errors },
      },
    },
    (request) => service.delete(principalOf(request), request.params.id),
  );
}
