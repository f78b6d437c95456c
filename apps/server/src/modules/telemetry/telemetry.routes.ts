/**
 * Ingest endpoints: the OsmAnd protocol (what Traccar Client sends; the device id is its credential)
 * and the authenticated JSON batch API for integrations.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IngestBatchSchema } from '@flare/core/telemetry/ingest';
import { fromOsmand, fromTraccarJson, isTraccarJson } from '@flare/core/telemetry/osmand';
import { ApiErrorSchema } from '@flare/core/schemas/common';
import { mayChangeThing } from '@flare/core/permissions/thing-access';
import { HttpError } from '../../platform/http-errors';
import type { TelemetryService } from './telemetry.service';

/** The caller's own organisation and those it manages; null: every organisation. */
type ManagedOrganizations = (request: FastifyRequest) => Promise<string[] | null>;

/** Parameters of an OsmAnd request: query string, form body or the JSON body of newer clients. */
function osmandReport(request: FastifyRequest, now: number): unknown {
  if (isTraccarJson(request.body)) return fromTraccarJson(request.body, now);
  const form =
    typeof request.body === 'object' && request.body !== null
      ? (request.body as Record<string, unknown>)
      : {};
  return fromOsmand({ ...form, ...(request.query as Record<string, unknown>) }, now);
}

/** The OsmAnd handler, shared by /api/ingest/osmand and the dedicated OsmAnd port. */
export function osmandHandler(telemetry: TelemetryService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await telemetry.ingest([osmandReport(request, Date.now())]);
      return reply.status(200).send();
    } catch (error) {
      if (error instanceof HttpError)
        return reply.status(error.statusCode).type('text/plain').send(error.message);
      throw error;
    }
  };
}

export function registerTelemetryRoutes(
  app: FastifyInstance,
  telemetry: TelemetryService,
  managedOrganizations: ManagedOrganizations,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const handler = osmandHandler(telemetry);
  for (const method of ['GET', 'POST'] as const) {
    api.route({
      method,
      url: '/ingest/osmand',
      config: { public: true },
      schema: {
        tags: ['ingest'],
        summary: 'OsmAnd protocol (Traccar Client): id, lat, lon, timestamp, speed (knots)…',
      },
      handler,
    });
  }

  api.post(
    '/ingest/points',
    {
      config: { access: 'editThing' },
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags: ['ingest'],
        summary: 'JSON batch of reports for many assets; all stored or none',
        security: [{ bearer: [] }],
        body: IngestBatchSchema,
        response: {
          200: z.object({ accepted: z.number() }),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const managed = await managedOrganizations(request);
      // Reporting positions changes the asset: those who may edit it may (not those who only see it).
      return telemetry.ingest(request.body.points, {
        allowed: (route) => mayChangeThing(managed, route),
      });
    },
  );

  api.get(
    '/ingest/stats',
    {
      config: { access: 'platformAdmin' },
      schema: {
        tags: ['ingest'],
        summary: 'Reports accepted and rejected (by reason) since this server started',
        security: [{ bearer: [] }],
        response: {
          200: z.object({ accepted: z.number(), rejected: z.record(z.string(), z.number()) }),
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
    },
    () => telemetry.stats.snapshot(),
  );
}
