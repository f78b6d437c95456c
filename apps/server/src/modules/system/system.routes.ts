/** Version (polled by the dashboard to detect a new release) and health (is the database reachable). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthSchema, VersionSchema } from '@flare/core/schemas/common';

export function registerSystemRoutes(
  app: FastifyInstance,
  options: { version: string; databaseReachable: () => Promise<boolean> },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/version',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: VersionSchema } } },
    () => ({ version: options.version }),
  );
  api.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['system'], response: { 200: HealthSchema, 503: HealthSchema } },
    },
    async (_request, reply) => {
      const database = await options.databaseReachable();
      return reply.status(database ? 200 : 503).send({ status: database ? 'ok' : 'unavailable', database });
    },
  );
}
