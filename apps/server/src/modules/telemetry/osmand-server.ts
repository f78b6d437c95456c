/** The OsmAnd listener on its own port (5055 by default), where Traccar Client sends to `/`. */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { osmandHandler } from './telemetry.routes';
import type { TelemetryService } from './telemetry.service';

export function buildOsmandServer(telemetry: TelemetryService, logger: FastifyBaseLogger): FastifyInstance {
  // One log line per report would drown the log: the listener logs warnings and errors only.
  const app = Fastify({ loggerInstance: logger.child({ listener: 'osmand' }, { level: 'warn' }) });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  const handler = osmandHandler(telemetry);
  app.get('/', handler);
  app.post('/', handler);
  return app;
}
