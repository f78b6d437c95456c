/**
 * Positions and events forwarded by a Traccar server (core: telemetry/traccar-forward.ts), so every
 * device Traccar decodes reports to Flare, through the same pipeline as every other report:
 * - `POST /api/ingest/traccar`, as a device: the Flare device credential in `?credential=` (Traccar's
 *   per-device `forward.url`), else Traccar's `uniqueId` taken as the credential (a legacy device: its
 *   System Id). Public, limited per address and per device like the OsmAnd port.
 * - `POST /api/ingest/traccar/organization`, for a whole fleet: an API key (Traccar's `forward.header`,
 *   `Authorization: Bearer <key>`) of a user who may edit the assets; Traccar's `uniqueId` is the
 *   asset's System Id, as in the JSON batch API.
 * Both answer `{ accepted }` (0 for an event that makes no report), 400 with the reasons of a refusal,
 * 429 with `Retry-After` beyond a limit.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromTraccarForward } from '@flare/core/telemetry/traccar-forward';
import { BEARER, errorResponses } from '../../platform/api-docs';
import { fleetScope, type IngestPipeline, type IngestScope } from './ingest-pipeline';
import { answerIngest, type ManagedOrganizations } from './telemetry.routes';

const AcceptedSchema = z.object({ accepted: z.number() });
/** One forwarded position (`position`, `device`) or event (`event`, `position`, `device`), read by core. */
const ForwardedSchema = z.unknown();

/** One forwarded position or event into the pipeline; an event without a position stores nothing. */
function ingestForwarded(
  pipeline: IngestPipeline,
  body: unknown,
  credential: string | null,
  scope?: IngestScope,
): Promise<{ accepted: number }> {
  const raw = fromTraccarForward(body, credential);
  return raw ? answerIngest(pipeline.ingest([raw], scope)) : Promise.resolve({ accepted: 0 });
}

export function registerTraccarForwardRoutes(
  app: FastifyInstance,
  pipeline: IngestPipeline,
  managedOrganizations: ManagedOrganizations,
  ipRequestsPerMinute: number,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = ipRequestsPerMinute > 0 ? { max: ipRequestsPerMinute, timeWindow: 60_000 } : false;

  api.post(
    '/ingest/traccar',
    {
      // Text is checked by core's report reader, which names the forwarded field.
      config: { public: true, rateLimit, deviceReports: true },
      schema: {
        tags: ['ingest'],
        summary: "A Traccar server's forwarded position or event, for the device it names",
        querystring: z.object({ credential: z.string().optional() }),
        body: ForwardedSchema,
        response: { 200: AcceptedSchema, ...errorResponses(400, 429) },
      },
    },
    (request) => ingestForwarded(pipeline, request.body, request.query.credential ?? null),
  );

  api.post(
    '/ingest/traccar/organization',
    {
      config: { access: 'editThing', apiKey: true, deviceReports: true },
      schema: {
        tags: ['ingest'],
        summary: "A Traccar server's forwarded position or event, for an asset named by its System Id",
        security: BEARER,
        body: ForwardedSchema,
        response: { 200: AcceptedSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const scope = fleetScope(await managedOrganizations(request));
      return ingestForwarded(pipeline, request.body, null, scope);
    },
  );
}
