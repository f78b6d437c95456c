import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { R2rAlertsQuerySchema, R2rAlertsSchema } from '@flare/core/schemas/r2r-alert';
import { principalOf } from '../../platform/auth-hook';
import { BEARER, errorResponses } from '../../platform/api-docs';
import type { R2rService } from './r2r.service';

const errors = errorResponses(400, 401, 403, 404);

export function registerR2rRoutes(app: FastifyInstance, service: R2rService): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/r2r_alerts',
    {
      config: { access: 'viewR2r' },
      schema: {
        tags: ['r2r'],
        summary:
          "An asset's R2R alerts (alerting or alerted) in the 15 minutes from start_time, which may not be in the future",
        security: BEARER,
        querystring: R2rAlertsQuerySchema,
        response: { 200: R2rAlertsSchema, ...errors },
      },
    },
    (request) => service.search(principalOf(request), request.query),
  );
}
