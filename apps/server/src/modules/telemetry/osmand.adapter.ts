/**
 * The OsmAnd adapter (what Traccar Client sends): parses a request as Traccar's decoder does and hands
 * the reports to the pipeline. Parameters come from the query string, or, when it has none, from the
 * body (a form, `text/plain`, or no content type at all); newer clients post JSON. The device id is
 * the device's credential (or, for an asset marked as a legacy device, its System Id). A refusal
 * answers 400 with its reasons as plain text, an unknown or wrong credential like any bad report; too
 * many requests from one address or for one device answer 429 with `Retry-After`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromOsmandParams, fromTraccarJson, isTraccarJson, osmandParams } from '@flare/core/telemetry/osmand';
import type { RawReport } from '@flare/core/telemetry/report';
import { IngestRejection } from './ingest-rejection';
import type { IngestPipeline } from './ingest-pipeline';

/** The scalar entries of a JSON object, as text parameters. */
function paramsOf(body: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body).flatMap(([name, value]) =>
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? [[name, String(value)]]
        : [],
    ),
  );
}

export function osmandReports(request: FastifyRequest): RawReport[] {
  const { body } = request;
  if (isTraccarJson(body)) return fromTraccarJson(body);
  const start = request.url.indexOf('?');
  const query = osmandParams(new URLSearchParams(start < 0 ? '' : request.url.slice(start + 1)));
  if (Object.keys(query).length > 0) return [fromOsmandParams(query)];
  if (typeof body === 'object' && body !== null) return [fromOsmandParams(paramsOf(body))];
  return [fromOsmandParams(osmandParams(new URLSearchParams(typeof body === 'string' ? body : '')))];
}

/** Registers the OsmAnd handler at `paths` (GET and POST), in a scope that reads any body as text. */
export async function registerOsmandRoutes(
  app: FastifyInstance,
  pipeline: IngestPipeline,
  paths: string[],
  options: { prefix?: string; ipRequestsPerMinute: number },
): Promise<void> {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await pipeline.ingest(osmandReports(request));
      return reply.status(200).send();
    } catch (error) {
      if (!(error instanceof IngestRejection)) throw error;
      if (error.rateLimited) reply.status(429).header('retry-after', String(error.retryAfterSeconds));
      else reply.status(400);
      return reply.type('text/plain').send(error.message);
    }
  };
  const rateLimit =
    options.ipRequestsPerMinute > 0 ? { max: options.ipRequestsPerMinute, timeWindow: 60_000 } : false;
  await app.register(
    (scope, _options, done) => {
      // Forms and bodies of any other type (or none) are read as text; JSON is parsed as usual.
      scope.removeContentTypeParser(['text/plain']);
      scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, text, next) => next(null, text));
      for (const url of paths) {
        scope.route({
          method: ['GET', 'POST'],
          url,
          config: { public: true, rateLimit, deviceReports: true },
          schema: {
            tags: ['ingest'],
            summary: 'OsmAnd protocol (Traccar Client): id, lat, lon, timestamp, speed (knots)…',
          },
          handler,
        });
      }
      done();
    },
    { prefix: options.prefix ?? '' },
  );
}
