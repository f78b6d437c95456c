/**
 * Version (polled by the dashboard to detect a new release) and health (is the database reachable,
 * is the job queue running, and how much work waits in it).
 */
import type { Environment } from '@flare/core/environment';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  HealthSchema,
  VersionSchema,
  type ExternalFeedHealth,
  type JobQueueHealthSchema,
  type SingleSignOnHealth,
} from '@flare/core/schemas/common';

type JobQueueHealth = z.infer<typeof JobQueueHealthSchema>;

export function registerSystemRoutes(
  app: FastifyInstance,
  options: {
    version: string;
    environment: Environment;
    databaseReachable: () => Promise<boolean>;
    jobQueue: () => Promise<JobQueueHealth>;
    externalFeeds: () => Promise<ExternalFeedHealth[]>;
    singleSignOn: () => SingleSignOnHealth | null;
  },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/version',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: VersionSchema } } },
    () => ({ version: options.version, environment: options.environment }),
  );
  api.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['system'], response: { 200: HealthSchema, 503: HealthSchema } },
    },
    async (_request, reply) => {
      const database = await options.databaseReachable();
      const stopped: JobQueueHealth = { running: false, queues: {} };
      const jobs = database ? await options.jobQueue().catch(() => stopped) : stopped;
      const ok = database && jobs.running;
      const externalFeeds = database ? await options.externalFeeds().catch(() => []) : [];
      const singleSignOn = options.singleSignOn();
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'unavailable',
        database,
        jobs,
        external_feeds: externalFeeds,
        ...(singleSignOn ? { single_sign_on: singleSignOn } : {}),
      });
    },
  );
}
