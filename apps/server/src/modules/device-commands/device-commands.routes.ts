import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LightIntensitySchema, R2rResultSchema } from '@flare/core/things/device-commands';
import { principalOf } from '../../platform/auth-hook';
import { BEARER, errorResponses } from '../../platform/api-docs';
import type { DeviceCommandsService } from './device-commands.service';

const errors = errorResponses(400, 401, 403, 404, 422);
const IdParams = z.object({ id: z.uuid() });

export function registerDeviceCommandsRoutes(app: FastifyInstance, service: DeviceCommandsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/things/:id/r2r',
    {
      config: { access: 'viewThings' },
      schema: {
        tags: ['device commands'],
        summary:
          "Send an R2R test alert through the asset's device, toggling its test mode (HA5/HA7, invoke-R2R permission, R2R enabled, standby or stationary)",
        security: BEARER,
        params: IdParams,
        response: { 200: R2rResultSchema, ...errors },
      },
    },
    (request) => service.r2rTest(principalOf(request), request.params.id),
  );

  api.get(
    '/things/:id/light_intensity',
    {
      config: { access: 'viewThings' },
      schema: {
        tags: ['device commands'],
        summary: "The LED intensity the asset's device reports",
        security: BEARER,
        params: IdParams,
        response: { 200: LightIntensitySchema, ...errors },
      },
    },
    (request) => service.lightIntensity(principalOf(request), request.params.id),
  );

  api.put(
    '/things/:id/light_intensity',
    {
      config: { access: 'viewThings' },
      schema: {
        tags: ['device commands'],
        summary: "Set the LED intensity of the asset's device (light-intensity permission)",
        security: BEARER,
        params: IdParams,
        body: LightIntensitySchema,
        response: { 200: LightIntensitySchema, ...errors },
      },
    },
    (request) =>
      service.setLightIntensity(principalOf(request), request.params.id, request.body.light_intensity),
  );
}
