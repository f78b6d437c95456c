/**
 * GET /map/config (basemap and satellite settings; also for any API key) and GET
 * /map/three-word-address, for any signed-in user.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MapConfigSchema,
  ThreeWordAddressQuerySchema,
  ThreeWordAddressSchema,
} from '@flare/core/schemas/map';
import type { MapService } from './map.service';
import { BEARER, errorResponses } from '../../platform/api-docs';

const errors = errorResponses(400, 401);

export function registerMapRoutes(app: FastifyInstance, service: MapService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/map/config',
    {
      // Also for an integration's key: the driver view opened from a partner's link draws its map.
      config: { apiKey: true },
      schema: {
        tags: ['map'],
        summary: 'Basemap style URL (or `offline`), satellite tile template and three-word address provider',
        security: BEARER,
        response: { 200: MapConfigSchema, ...errors },
      },
    },
    () => service.config(),
  );

  api.get(
    '/map/three-word-address',
    {
      schema: {
        tags: ['map'],
        summary: 'The what3words address of a point when configured, else its plus code',
        security: BEARER,
        querystring: ThreeWordAddressQuerySchema,
        response: { 200: ThreeWordAddressSchema, ...errors },
      },
    },
    (request) => service.threeWordAddress(request.query.lat, request.query.lng),
  );
}
