/** Builds the Fastify app: the platform first, then the feature modules, then the web app. */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { migrateToLatest, openDatabase, type DatabaseTarget, type Db } from './platform/db/database';
import { loggerOptions, type LogStream } from './platform/logging';
import { platformPlugin } from './platform/platform.plugin';
import { registerWebApp, webBuildId } from './platform/web-app';
import { accountsModule } from './modules/accounts/accounts.module';
import { alertsModule } from './modules/alerts/alerts.module';
import { apiKeysModule } from './modules/api-keys/api-keys.module';
import { areasModule } from './modules/areas/areas.module';
import { zonesModule } from './modules/zones/zones.module';
import { closuresModule } from './modules/closures/closures.module';
import { exportsModule } from './modules/exports/exports.module';
import { feedsModule } from './modules/feeds/feeds.module';
import { filesModule } from './modules/files/files.module';
import { authModule } from './modules/auth/auth.module';
import { incidentsModule } from './modules/incidents/incidents.module';
import { liveModule } from './modules/live/live.module';
import { organizationsModule } from './modules/organizations/organizations.module';
import { mapModule } from './modules/map/map.module';
import { referenceModule } from './modules/reference/reference.module';
import { systemModule } from './modules/system/system.module';
import { telemetryModule } from './modules/telemetry/telemetry.module';
import { thingsModule } from './modules/things/things.module';
import { tripsModule } from './modules/trips/trips.module';
import { r2rModule } from './modules/r2r/r2r.module';
import { hazardsModule } from './modules/hazards/hazards.module';
import { reportsModule } from './modules/reports/reports.module';
import { deviceCommandsModule } from './modules/device-commands/device-commands.module';
import { usersModule } from './modules/users/users.module';
import { singleSignOnModule } from './modules/single-sign-on/single-sign-on.module';
import { seedDemoData } from './seed/demo-data';
import { seedDemoFleet } from './seed/demo-fleet';
import { seedReferenceData } from './seed/reference-data';

/** The feature modules, in an order where each comes after the modules whose services it uses. */
const MODULES = [
  systemModule,
  authModule,
  accountsModule,
  usersModule,
  organizationsModule,
  singleSignOnModule,
  apiKeysModule,
  alertsModule,
  referenceModule,
  mapModule,
  telemetryModule,
  thingsModule,
  feedsModule,
  areasModule,
  incidentsModule,
  zonesModule,
  closuresModule,
  tripsModule,
  r2rModule,
  hazardsModule,
  filesModule,
  reportsModule,
  deviceCommandsModule,
  exportsModule,
  liveModule,
];

export interface FlareApp {
  app: FastifyInstance;
  db: Db;
  engine: 'postgres' | 'pglite';
  /** The demo users' password, when demo data is seeded. */
  demoPassword: string | null;
  version: string;
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

/** Brings the database to the latest schema and seeds it; the demo users' password when seeded. */
export async function prepareDatabase(
  db: Db,
  config: Pick<Config, 'seedDemo' | 'demoPassword'>,
): Promise<string | null> {
  await migrateToLatest(db);
  await seedReferenceData(db);
  if (!config.seedDemo) return null;
  const demoPassword = await seedDemoData(db, config.demoPassword);
  await seedDemoFleet(db);
  return demoPassword;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FlareApp> {
  const database = await openDatabase({
    ...(options.database ?? { url: config.databaseUrl, pgliteDir: `${config.dataDir}/pgdata` }),
    timeouts: config.databaseTimeouts,
  });
  const { db, engine } = database;
  const demoPassword = await prepareDatabase(db, config);

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const buildId = webBuildId(config.webDist);
  const version = buildId ? `${packageVersion}+${buildId}` : packageVersion;
  await app.register(platformPlugin, { config, database, version });
  for (const module of MODULES) await app.register(module);
  await registerWebApp(app, config.webDist);

  return { app, db, engine, demoPassword, version };
}
