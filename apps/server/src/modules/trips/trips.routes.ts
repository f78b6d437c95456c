import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TRIP_REPORT, TripSchema, TripsQuerySchema } from '@flare/core/schemas/trip';
import { principalOf } from '../../platform/auth-hook';
import { BEARER, errorResponses } from '../../platform/api-docs';
import type { TripsService } from './trips.service';

const errors = errorResponses(400, 401, 403, 404);

export function registerTripsRoutes(app: FastifyInstance, service: TripsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/things/:id/trips',
    {
      config: { access: 'viewTrips' },
      schema: {
        tags: ['trips'],
        summary:
          "An asset's runs in a window of at most 24 hours in the past: each run's start, end, duration and points",
        security: BEARER,
        params: z.object({ id: z.uuid() }),
        querystring: TripsQuerySchema,
        response: { 200: TripSchema, ...errors },
      },
    },
    async (request, reply) => {
      const trip = await service.trips(principalOf(request), request.params.id, request.query);
      void reply.header('cache-control', `private, max-age=${TRIP_REPORT.cacheSeconds}`);
      return trip;
    },
  );
}
