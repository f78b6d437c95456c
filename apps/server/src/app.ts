/** Builds the Fastify app: platform plugins first, then the feature modules under /api. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import type { Config } from './config';
import {
  isReachable,
  migrateToLatest,
  openDatabase,
  type DatabaseTarget,
  type Db,
} from './platform/db/database';
import { registerErrorHandler } from './platform/http-errors';
import { principalOf, registerAuthHook } from './platform/auth-hook';
import { createBus, type Bus } from './platform/bus/bus';
import { loggerOptions, type LogStream } from './platform/logging';
import { registerLiveFeed } from './modules/live/live-feed';
import { TelemetryRepository } from './modules/telemetry/telemetry.repository';
import { DeviceDirectory } from './modules/telemetry/device-directory';
import { IngestStats } from './modules/telemetry/ingest-stats';
import { TelemetryService, type PublishLive } from './modules/telemetry/telemetry.service';
import { StatusSweep } from './modules/telemetry/status-sweep';
import { startMqttIngest } from './modules/telemetry/mqtt-ingest';
import { registerTelemetryRoutes } from './modules/telemetry/telemetry.routes';
import { ThingsRepository } from './modules/things/things.repository';
import { ThingsService } from './modules/things/things.service';
import { registerThingsRoutes } from './modules/things/things.routes';
import { getOrCreateSetting } from './platform/settings';
import { registerWebApp, webBuildId } from './platform/web-app';
import { AuthRepository } from './modules/auth/auth.repository';
import { AuthService } from './modules/auth/auth.service';
import { AccountLinks } from './modules/auth/account-links';
import { RecoveryService } from './modules/auth/recovery.service';
import { createMailer } from './platform/mail/mailer';
import { LOCK_AFTER_FAILED_SIGN_INS, PASSWORD_EXPIRY_DAYS } from '@flare/core/constants';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { TokenSigner } from './modules/auth/tokens';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { AccountsService } from './modules/accounts/accounts.service';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes';
import { ReferenceRepository } from './modules/reference/reference.repository';
import { registerReferenceRoutes } from './modules/reference/reference.routes';
import { registerSystemRoutes } from './modules/system/system.routes';
import { MapService } from './modules/map/map.service';
import { registerMapRoutes } from './modules/map/map.routes';
import { seedReferenceData } from './seed/reference-data';
import { seedDemoData } from './seed/demo-data';
import { seedDemoFleet } from './seed/demo-fleet';

export interface FlareApp {
  app: FastifyInstance;
  db: Db;
  engine: 'postgres' | 'pglite';
  /** The demo users' password, when demo data is seeded. */
  demoPassword: string | null;
  version: string;
  telemetry: TelemetryService;
  sweep: StatusSweep;
  bus: Bus;
}

const packageVersion =
  (
    JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    }
  ).version ?? '0.0.0';

export interface BuildOptions {
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  /** Overrides the database the configuration names (tests use a fresh one). */
  database?: DatabaseTarget;
}

/** The address the server listens on, for links when PUBLIC_URL is not set. */
function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) return 'http://localhost';
  const host = address.address === '0.0.0.0' || address.address === '::' ? 'localhost' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FlareApp> {
  const { db, engine } = await openDatabase(
    options.database ?? { url: config.databaseUrl, pgliteDir: `${config.dataDir}/pgdata` },
  );
  await migrateToLatest(db);
  await seedReferenceData(db);
  const demoPassword = config.seedDemo ? await seedDemoData(db, config.demoPassword) : null;
  if (config.seedDemo) await seedDemoFleet(db);
  const jwtSecret =
    config.jwtSecret ??
    (await getOrCreateSetting(db, 'jwt_secret', () => randomBytes(48).toString('base64url')));

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', () => db.destroy());

  const buildId = webBuildId(config.webDist);
  const version = buildId ? `${packageVersion}+${buildId}` : packageVersion;

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Flare API', description: 'Roadway-safety and fleet dashboard API', version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  registerErrorHandler(app);

  await app.register(fastifyRateLimit, { global: false });

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  const authRepository = new AuthRepository(db);
  const links = new AccountLinks(authRepository, mailer, app.log, {
    resetTtlSeconds: config.resetTokenTtl,
    unlockTtlSeconds: config.unlockTokenTtl,
    baseUrl: () => config.publicUrl ?? listeningUrl(app),
  });
  const recovery = new RecoveryService(authRepository, links, config.revealUnknownEmails);
  const authService = new AuthService(
    authRepository,
    new TokenSigner(jwtSecret, config.accessTokenTtl),
    config.refreshTokenTtl,
    recovery,
    links,
    {
      lockAfterFailures: LOCK_AFTER_FAILED_SIGN_INS,
      accountInactivityDays: config.accountInactivityDays,
      passwordExpiryDays: PASSWORD_EXPIRY_DAYS,
    },
  );
  registerAuthHook(app, (token) => authService.resolvePrincipal(token));
  // Traccar Client may post its parameters as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const accounts = new AccountsService(new AccountsRepository(db));
  const bus = await createBus({
    natsUrl: config.natsUrl,
    onHandlerError: (error, topic) => app.log.error({ err: error, topic }, 'bus handler failed'),
  });
  const live = await registerLiveFeed(app, {
    bus,
    resolvePrincipal: (token) => authService.resolvePrincipal(token),
    canSubscribe: (principal, organizationId) => accounts.canSeeOrganization(principal, organizationId),
    sessionOpen: (principal) => authService.sessionOpen(principal),
    sessionCheckIntervalMs: config.liveSessionCheckMs,
  });
  const telemetryRepository = new TelemetryRepository(db);
  const devices = new DeviceDirectory(telemetryRepository);
  // Registrations and edits on any server process reach this one's directory.
  await devices.follow(bus);
  const publishLive: PublishLive = (organizationIds, message) => {
    live
      .publish(organizationIds, message)
      .catch((error: unknown) => app.log.error({ err: error }, 'live publish failed'));
  };
  const telemetry = new TelemetryService(telemetryRepository, devices, new IngestStats(), publishLive);
  const things = new ThingsService(new ThingsRepository(db), accounts, (thing, organizationIds) => {
    devices
      .announce(bus, { thingId: thing.id, deviceIds: [thing.haas_id] })
      .catch((error: unknown) => app.log.error({ err: error }, 'announcing a thing change failed'));
    publishLive(organizationIds, { type: 'thing', thing });
  });
  const sweep = new StatusSweep(telemetryRepository, devices, publishLive, app.log);
  if (config.statusSweepMs > 0) sweep.start(config.statusSweepMs);
  const mqttIngest = config.mqttUrl ? await startMqttIngest(config.mqttUrl, telemetry, app.log) : null;
  app.addHook('onClose', async () => {
    await mqttIngest?.endAsync();
    await sweep.stop();
    await telemetry.drained();
    await bus.close();
  });

  await app.register(
    (api, _options, done) => {
      registerSystemRoutes(api, { version, databaseReachable: () => isReachable(db) });
      registerAuthRoutes(api, {
        auth: authService,
        recovery,
        ipLimit: config.authRateLimitIp,
        emailLimit: config.authRateLimitEmail,
      });
      registerAccountsRoutes(api, accounts);
      registerReferenceRoutes(api, new ReferenceRepository(db));
      registerThingsRoutes(api, things);
      registerMapRoutes(api, new MapService(config, app.log));
      registerTelemetryRoutes(api, telemetry, (request) =>
        accounts.managedOrganizationIds(principalOf(request)),
      );
      done();
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, config.webDist);

  return { app, db, engine, demoPassword, version, telemetry, sweep, bus };
}
