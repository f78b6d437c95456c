/** The locations API: incidents for the Events section, and a user's edit of one. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActiveIncidentsQuerySchema,
  IncidentSchema,
  IncidentUpdateSchema,
  IncidentsQuerySchema,
  IncidentsSchema,
} from '@flare/core/schemas/incident';
import { BEARER, errorResponses } from '../../platform/api-docs';
import { principalOf } from '../../platform/auth-hook';
import type { IncidentsService } from './incidents.service';

const errors = errorResponses(400, 401, 403, 404, 422);

export function registerIncidentsRoutes(app: FastifyInstance, service: IncidentsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/locations',
    {
      config: { access: 'viewIncidents', apiKey: true },
      schema: {
        tags: ['incidents'],
        summary:
          'Incidents of the given organisations (default: your own): active ones and those of the last 7 days',
        security: BEARER,
        querystring: IncidentsQuerySchema,
        response: { 200: IncidentsSchema, ...errors },
      },
    },
    async (request) => ({ data: await service.list(principalOf(request), request.query) }),
  );

  api.get(
    '/locations/active',
    {
      config: { access: 'viewIncidents', apiKey: true },
      schema: {
        tags: ['incidents'],
        summary: 'Active incidents, each with the assets on scene and their run times',
        security: BEARER,
        querystring: ActiveIncidentsQuerySchema,
        response: { 200: IncidentsSchema, ...errors },
      },
    },
    async (request) => ({ data: await service.active(principalOf(request), request.query['org_ids[]']) }),
  );

  api.put(
    '/locations/:id',
    {
      config: { access: 'editIncident' },
      schema: {
        tags: ['incidents'],
        summary:
          'Move an active incident (at most 100 m from where it was detected) and set its roadway heading',
        security: BEARER,
        params: z.object({ id: z.uuid() }),
        body: IncidentUpdateSchema,
        response: { 200: IncidentSchema, ...errors },
      },
    },
    (request) => service.update(principalOf(request), request.params.id, request.body),
  );
}
