/**
 * The authenticated JSON batch API for integrations (its adapter: each point is Flare's JSON report)
 * and the ingest counters. The OsmAnd routes are in osmand.adapter.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromFlareJson, IngestBatchSchema } from '@flare/core/telemetry/ingest';
import { badRequest, tooManyRequests } from '../../platform/http-errors';
import { IngestRejection } from './ingest-rejection';
import { fleetScope, type IngestPipeline } from './ingest-pipeline';
import { BEARER, errorResponses } from '../../platform/api-docs';

/** An ingest's answer over the JSON API: refusals as 400 with their reasons, limits as 429 with Retry-After. */
export async function answerIngest(ingest: Promise<{ accepted: number }>): Promise<{ accepted: number }> {
  try {
    return await ingest;
  } catch (error) {
    if (!(error instanceof IngestRejection)) throw error;
    throw error.rateLimited
      ? tooManyRequests(error.code, error.message, error.retryAfterSeconds)
      : badRequest(error.code, error.message);
  }
}

/** The caller's own organisation and those it manages; null: every organisation. */
export type ManagedOrganizations = (request: FastifyRequest) => Promise<string[] | null>;

export function registerTelemetryRoutes(
  app: FastifyInstance,
  pipeline: IngestPipeline,
  managedOrganizations: ManagedOrganizations,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/ingest/points',
    {
      // Each point's text is checked by the report reader, which names the point.
      config: { access: 'editThing', apiKey: true, deviceReports: true },
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags: ['ingest'],
        summary: 'JSON batch of reports for many assets; all stored or none',
        security: BEARER,
        body: IngestBatchSchema,
        response: {
          200: z.object({ accepted: z.number() }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      // Devices themselves use the OsmAnd or MQTT paths with their credential.
      const scope = fleetScope(await managedOrganizations(request));
      return answerIngest(pipeline.ingest(request.body.points.map(fromFlareJson), scope));
    },
  );

  api.get(
    '/ingest/stats',
    {
      config: { access: 'platformAdmin' },
      schema: {
        tags: ['ingest'],
        summary: 'Reports accepted and rejected (by reason) since this server started',
        security: BEARER,
        response: {
          200: z.object({ accepted: z.number(), rejected: z.record(z.string(), z.number()) }),
          ...errorResponses(401, 403),
        },
      },
    },
    () => pipeline.stats.snapshot(),
  );
}
