/**
 * Devices report hazards: `POST /ingest/hazards`, JSON, authenticated like every device report by
 * the device id it presents (its credential, or a legacy device's System Id), with the same refusals
 * (400 with the reason) and limits (per address, and per device shared with its position reports: 429
 * with `Retry-After`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeviceHazardReportSchema } from '@flare/core/schemas/hazard';
import { errorResponses } from '../../platform/api-docs';
import { HttpError, tooManyRequests } from '../../platform/http-errors';
import type { DeviceIdentityService } from '../telemetry/device-identity.service';
import { HAZARD_BODY_LIMIT } from './hazards.routes';
import type { HazardsService } from './hazards.service';

export function registerHazardIngestRoutes(
  app: FastifyInstance,
  service: HazardsService,
  devices: DeviceIdentityService,
  ipRequestsPerMinute: number,
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/ingest/hazards',
    {
      config: {
        public: true,
        rateLimit: ipRequestsPerMinute > 0 ? { max: ipRequestsPerMinute, timeWindow: 60_000 } : false,
      },
      bodyLimit: HAZARD_BODY_LIMIT,
      schema: {
        tags: ['ingest'],
        summary:
          'A device reports a hazard: device_id (its credential), hazard_type, severity, lat, lng, timestamp, note, photo',
        body: DeviceHazardReportSchema,
        response: { 201: z.object({ id: z.string() }), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const device = await devices.identify(request.body.device_id);
      if (!device.ok)
        throw device.status === 429
          ? tooManyRequests(device.code, device.message, device.retryAfterSeconds)
          : new HttpError(400, device.code, device.message);
      const hazard = await service.reportFromDevice(device, request.body);
      return reply.status(201).send({ id: hazard.id });
    },
  );
}
