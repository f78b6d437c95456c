/**
 * The platform every module builds on: the configuration, the database, the message bus and typed
 * events, durable jobs, mail, the street geocoder, the OpenAPI description, the error handler and
 * rate limiting.
 * Registered first.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import path from 'node:path';
import type { Config } from '../config';
import type { Bus } from './bus/bus';
import { createBus } from './bus/create-bus';
import { EventBus } from './bus/event-bus';
import { isReachable, type Db, type OpenedDatabase } from './db/database';
import { JobQueue } from './jobs/job-queue';
import { refuseUnstorableInput } from './storable-input';
import { registerErrorHandler } from './http-errors';
import { registerWebsockets } from './websockets';
import { docsPagePolicy, registerSecurityHeaders } from './security-headers';
import { createMailer, type Mailer } from './mail/mailer';
import type { ExternalFeedHealth } from '@flare/core/schemas/common';
import { StreetGeocoder } from './street-geocoder';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The database with its engine: for the few readers that need more than Kysely (export cursors). */
    database: OpenedDatabase;
    /** Whether the database answers (for the health check). */
    databaseReachable(): Promise<boolean>;
    /** This release, with the web build's id when there is one. */
    release: string;
    bus: Bus;
    events: EventBus;
    jobs: JobQueue;
    mailer: Mailer;
    /** The reverse geocoder naming streets (GEOCODER_URL), one for every module so its requests stay spaced. */
    streetGeocoder: StreetGeocoder | null;
    /** Where users reach the dashboard, for links in e-mails: PUBLIC_URL, else the listening address. */
    publicUrl(): string;
    /** Reports of the external feeds modules read, shown by the health check. */
    externalFeedReports: Array<() => Promise<ExternalFeedHealth[]>>;
  }
}

export interface PlatformOptions {
  config: Config;
  database: OpenedDatabase;
  version: string;
}

/** The address the server listens on, for links when PUBLIC_URL is not set. */
function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) return 'http://localhost';
  const host = address.address === '0.0.0.0' || address.address === '::' ? 'localhost' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

export const platformPlugin = fp<PlatformOptions>(
  async (app, { config, database, version }) => {
    const { db } = database;
    // Closed last: modules' own onClose hooks run before the platform's (last registered, first closed).
    app.addHook('onClose', () => db.destroy());
    const bus = await createBus({
      natsUrl: config.natsUrl,
      onHandlerError: (error, topic) => app.log.error({ err: error, topic }, 'bus handler failed'),
    });
    app.addHook('onClose', () => bus.close());
    // Stopped before the bus and the database: running jobs finish with both still open.
    const jobs = new JobQueue(database, {
      log: app.log,
      pollingIntervalSeconds: config.jobPollSeconds,
      // Expired attempts (of a process that died) are found and retried within 10 s.
      maintenanceIntervalSeconds: 10,
    });
    await jobs.start();
    app.addHook('onClose', () => jobs.stop());
    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('database', { getter: () => database });
    app.decorate('databaseReachable', () => isReachable(db));
    app.decorate('release', version);
    app.decorate('bus', bus);
    app.decorate('events', new EventBus(bus, app.log));
    app.decorate('jobs', jobs);
    app.decorate(
      'mailer',
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: app.log,
      }),
    );
    app.decorate('publicUrl', () => config.publicUrl ?? listeningUrl(app));
    app.decorate('externalFeedReports', []);
    app.decorate(
      'streetGeocoder',
      config.geocoderUrl
        ? new StreetGeocoder(config.geocoderUrl, {
            minIntervalMs: config.geocoderMinIntervalMs,
            userAgent: `Flare/${version} (${config.publicUrl ?? 'self-hosted'})`,
          })
        : null,
    );

    await registerSecurityHeaders(app, config);
    await registerWebsockets(app);
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Flare API', description: 'Roadway-safety and fleet dashboard API', version },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    if (config.apiDocs)
      await app.register(fastifySwaggerUi, {
        routePrefix: '/api/docs',
        staticCSP: true,
        transformStaticCSP: (header) => docsPagePolicy(header, config),
      });
    registerErrorHandler(app);
    refuseUnstorableInput(app);
    await app.register(fastifyRateLimit, { global: false });
  },
  { name: 'platform' },
);

/** Registers a module's routes under /api, in their own scope. */
export async function apiRoutes(
  app: FastifyInstance,
  register: (api: FastifyInstance) => void,
): Promise<void> {
  await app.register(
    (api, _options, done) => {
      register(api);
      done();
    },
    { prefix: '/api' },
  );
}
