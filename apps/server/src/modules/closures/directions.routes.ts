/**
 * POST /directions: the driving route through a closure's points, for whoever may add or change
 * closures. Without a directions service it answers `route_path: null` (the straight segments are
 * kept); when the service fails, 502 with the service's message.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mayRouteClosure } from '@flare/core/permissions/closure-access';
import { DIRECTIONS_FAILED, DirectionsRequestSchema, DirectionsSchema } from '@flare/core/schemas/closure';
import { BEARER, errorResponses } from '../../platform/api-docs';
import { principalOf } from '../../platform/auth-hook';
import { forbidden, HttpError } from '../../platform/http-errors';
import { DirectionsError, type DirectionsClient } from './directions-client';

export function registerDirectionsRoutes(app: FastifyInstance, directions: DirectionsClient | null): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/directions',
    {
      config: { access: 'viewClosures' },
      schema: {
        tags: ['closures'],
        summary:
          "A closure's driving route through its points (origin, waypoints, destination); `route_path: null` when no directions service is configured",
        security: BEARER,
        body: DirectionsRequestSchema,
        response: { 200: DirectionsSchema, ...errorResponses(400, 401, 403, 502) },
      },
    },
    async (request) => {
      if (!mayRouteClosure(principalOf(request))) throw forbidden();
      if (!directions) return { route_path: null };
      try {
        return { route_path: await directions.route(request.body.coordinates) };
      } catch (error) {
        if (!(error instanceof DirectionsError)) throw error;
        request.log.warn({ err: error }, 'directions service failed');
        throw new HttpError(502, DIRECTIONS_FAILED, error.message);
      }
    },
  );
}
