/** The motorist alerts API: the active alerts of the caller's organisations, optionally in a region. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AlertsQuerySchema, AlertsSchema } from '@flare/core/schemas/alert';
import { BEARER, errorResponses } from '../../platform/api-docs';
import { principalOf } from '../../platform/auth-hook';
import type { AlertsService } from './alerts.service';

export function registerAlertsRoutes(app: FastifyInstance, service: AlertsService): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/alerts',
    {
      config: { access: 'viewAlerts', apiKey: true },
      schema: {
        tags: ['alerts'],
        summary:
          'Active motorist alerts of the given organisations (default: your own; an API key needs the alerts:read scope and reads its own): responders approaching, scenes, wrong-way-driver zones, closures, work zones and hazards, most urgent first; `bbox=west,south,east,north` keeps those any part of which lies in it',
        security: BEARER,
        querystring: AlertsQuerySchema,
        response: { 200: AlertsSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    (request) => service.list(principalOf(request), request.query),
  );
}
