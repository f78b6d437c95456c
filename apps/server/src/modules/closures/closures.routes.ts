/**
 * The closures API: list (incremental, with counts), add, change (whole or quick toggle), delete, and a
 * closure's activity history.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClosureInputSchema,
  ClosureQuickUpdateSchema,
  ClosureSchema,
  ClosuresQuerySchema,
  ClosuresSchema,
} from '@flare/core/schemas/closure';
import { ClosureHistorySchema } from '@flare/core/schemas/closure-history';
import { BEARER, errorResponses } from '../../platform/api-docs';
import { principalOf } from '../../platform/auth-hook';
import type { ClosuresService } from './closures.service';

const errors = errorResponses(400, 401, 403, 404, 422);
const PATH = '/organization/closure';

export function registerClosuresRoutes(app: FastifyInstance, service: ClosuresService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Open to whoever sees closures; who may change which closure is core's closure-access rule,
  // checked by the service against the closure itself.
  api.get(
    PATH,
    {
      config: { access: 'viewClosures', apiKey: true },
      schema: {
        tags: ['closures'],
        summary: 'Closures of the given organisations (default: your own), with the count of each status',
        security: BEARER,
        querystring: ClosuresQuerySchema,
        response: { 200: ClosuresSchema, ...errors },
      },
    },
    (request) =>
      service.list(principalOf(request), request.query['org_ids[]'], request.query.last_updated_timestamp),
  );

  api.post(
    PATH,
    {
      config: { access: 'viewClosures' },
      schema: {
        tags: ['closures'],
        summary: 'Add a manual or automated closure (a route of at least 2 points)',
        security: BEARER,
        body: ClosureInputSchema,
        response: { 201: ClosureSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(principalOf(request), request.body)),
  );

  api.put(
    `${PATH}/:id`,
    {
      config: { access: 'viewClosures' },
      schema: {
        tags: ['closures'],
        summary:
          'Change a closure: the whole closure, or the quick toggle of a manual one (`uuid, is_active, end_time`)',
        security: BEARER,
        params: z.object({ id: z.uuid() }),
        body: z.union([ClosureQuickUpdateSchema, ClosureInputSchema]),
        response: { 200: ClosureSchema, ...errors },
      },
    },
    (request) => service.update(principalOf(request), request.params.id, request.body),
  );

  api.get(
    `${PATH}/:id/history`,
    {
      config: { access: 'viewClosures', apiKey: true },
      schema: {
        tags: ['closures'],
        summary:
          "A closure's activity history, newest first (the newest 500 changes): added, switched on or off, changed, back to standby, with who and when",
        security: BEARER,
        params: z.object({ id: z.uuid() }),
        response: { 200: ClosureHistorySchema, ...errors },
      },
    },
    (request) => service.listHistory(principalOf(request), request.params.id),
  );

  api.delete(
    `${PATH}/:id`,
    {
      config: { access: 'viewClosures' },
      schema: {
        tags: ['closures'],
        summary: 'Delete a closure (404 "Closure not found" when it was deleted already)',
        security: BEARER,
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ id: z.string() }), ...errors },
      },
    },
    (request) => service.delete(principalOf(request), request.params.id),
  );
}
