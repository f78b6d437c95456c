/** The OsmAnd listener on its own port (5055 by default), where Traccar Client sends to any path. */
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerErrorHandler } from '../../platform/http-errors';
import type { IngestPipeline } from './ingest-pipeline';
import { registerOsmandRoutes } from './osmand.adapter';

/** Log levels, from the most to the least verbose. */
const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

export async function buildOsmandServer(
  pipeline: IngestPipeline,
  logger: FastifyBaseLogger,
  limits: { ipRequestsPerMinute: number; trustProxy?: boolean | string[] },
): Promise<FastifyInstance> {
  // One log line per report would drown the log: the listener logs warnings and errors only (and
  // nothing when the server logs nothing).
  const level = LEVELS.indexOf(logger.level) > LEVELS.indexOf('warn') ? logger.level : 'warn';
  const app = Fastify({
    loggerInstance: logger.child({ listener: 'osmand' }, { level }),
    trustProxy: limits.trustProxy ?? false,
  });
  // Anyone may call this port: failures answer as on the API, never with internals.
  registerErrorHandler(app);
  await app.register(fastifyRateLimit, { global: false });
  await registerOsmandRoutes(app, pipeline, ['/', '/*'], limits);
  return app;
}
