/** Configuration from the environment, validated once at start; a bad value names its variable. */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ENVIRONMENT, ENVIRONMENTS, type Environment } from '@flare/core/environment';
import { PasswordPolicySchema } from '@flare/core/schemas/password';
import { OFFLINE_MAP_STYLE } from '@flare/core/schemas/map';
import { R2R_ALERTS } from '@flare/core/r2r/r2r-alert';
import type { LiveLimits } from './modules/live/live-connection';
import type { DatabaseTimeouts } from './platform/db/database';
import type { S3Config } from './platform/files/s3-file-store';

/** OpenFreeMap's public vector style: no key needed; without network the map falls back to the offline style. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    JWT_PREVIOUS_SECRETS: z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((secret) => secret.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().min(32, 'each must be at least 32 characters')))
      .optional(),
    ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(900),
    REFRESH_TOKEN_TTL: z.coerce
      .number()
      .int()
      .min(60)
      .default(30 * 86_400),
    DEMO_PASSWORD: PasswordPolicySchema.optional(),
    SEED_DEMO: booleanFlag.default(true),
    WEB_DIST: z.string().min(1).optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    FLARE_ENVIRONMENT: z.enum(ENVIRONMENTS).default(DEFAULT_ENVIRONMENT),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    S3_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .refine((url) => /^\/[^/]+/.test(new URL(url).pathname), {
        error: 'must name the bucket: http(s)://ACCESS_KEY:SECRET@host:port/bucket',
      })
      .optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    MAIL_FROM: z.string().min(3).default('Flare <no-reply@flare.localhost>'),
    RESET_TOKEN_TTL: z.coerce.number().int().min(60).default(3600),
    INVITE_TOKEN_TTL: z.coerce.number().int().min(60).default(604_800),
    API_KEY_LIMIT: z.coerce.number().int().min(0).default(5),
    API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
    UNLOCK_TOKEN_TTL: z.coerce.number().int().min(60).default(86_400),
    ACCOUNT_INACTIVITY_DAYS: z.coerce.number().int().min(1).default(180),
    REVEAL_UNKNOWN_EMAILS: booleanFlag.default(false),
    AUTH_RATE_LIMIT_IP: z.coerce.number().int().min(1).default(60),
    AUTH_RATE_LIMIT_EMAIL: z.coerce.number().int().min(1).default(10),
    NATS_URL: z
      .string()
      .regex(/^(nats|tls):\/\//, 'must be a nats:// or tls:// URL')
      .optional(),
    MQTT_URL: z
      .string()
      .regex(/^(mqtt|mqtts|ws|wss):\/\//, 'must be an mqtt://, mqtts://, ws:// or wss:// URL')
      .optional(),
    MQTT_TOPIC_ROOT: z
      .string()
      .regex(/^[\w-]+(\/[\w-]+)*$/, 'must be topic levels of letters, digits, _ and - separated by /')
      .default('things'),
    TRACCAR_AMQP_URL: z
      .string()
      .regex(/^amqps?:\/\//, 'must be an amqp:// or amqps:// URL')
      .optional(),
    TRACCAR_AMQP_EXCHANGE: z
      .string()
      .regex(/^[\w.:-]{1,255}$/, 'must be an exchange name of letters, digits, _ . : and -')
      .default('traccar'),
    DEVICE_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    R2R_ALERT_DISTANCE_M: z.coerce.number().min(1).max(10_000).default(R2R_ALERTS.distanceM),
    DEVICE_SIMULATOR_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0),
    OSMAND_PORT: z.coerce.number().int().min(0).max(65535).default(5055),
    INGEST_IP_REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).max(10_000_000).default(30_000),
    INGEST_DEVICE_REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
    STATUS_SWEEP_MS: z.coerce
      .number()
      .int()
      .refine((ms) => ms === 0 || (ms >= 1000 && ms <= 3_600_000 && ms % 1000 === 0), {
        error: 'must be 0 (off) or whole seconds from 1000 to 3600000',
      })
      .default(5000),
    // A month's report is built from its points once the month is over: keep them at least two months.
    POINTS_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .refine((days) => days === 0 || (days >= 62 && days <= 36_500), {
        error: 'must be 0 (keep every point) or from 62 to 36500 days',
      })
      .default(0),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    JOB_POLL_MS: z.coerce.number().int().min(500).max(60_000).default(2000),
    EXPORT_STALE_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
    // At most a second: a run must report well within the shortest stale time (3 s).
    EXPORT_REPORT_MS: z.coerce.number().int().min(100).max(1000).default(1000),
    LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().min(1).max(1000).default(5),
    LIVE_MAX_IDENTIFIER_BYTES: z.coerce.number().int().min(64).max(65_536).default(256),
    LIVE_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
    LIVE_MAX_BAD_FRAMES: z.coerce.number().int().min(0).max(100_000).default(20),
    LIVE_SESSION_CHECK_MS: z.coerce.number().int().min(100).default(60_000),
    SIMULATOR: booleanFlag.default(false),
    MAP_STYLE_URL: z
      .union([z.literal(OFFLINE_MAP_STYLE), z.url({ protocol: /^https?$/ }), z.string().regex(/^\/[^/]/)], {
        error: 'must be an http(s) URL, a path on this server, or offline',
      })
      .default(DEFAULT_MAP_STYLE_URL),
    MAP_SATELLITE_TILES: z
      .string()
      .regex(/^https?:\/\/|^\/[^/]/, 'must be an http(s) URL or a path on this server')
      .refine(
        (url) => url.includes('{quadkey}') || ['{z}', '{x}', '{y}'].every((part) => url.includes(part)),
        'must be a tile URL template with {z}, {x} and {y} (or {quadkey})',
      )
      .optional(),
    TRUST_PROXY: z
      .string()
      .transform((value) =>
        value.trim() === 'true'
          ? true
          : value
              .split(',')
              .map((address) => address.trim())
              .filter(Boolean),
      )
      .refine((value) => value === true || value.every((address) => isIP(address.split('/')[0]!) !== 0), {
        error: 'must be true or comma-separated addresses (CIDR allowed)',
      })
      .optional(),
    CORS_ORIGINS: z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(z.url({ protocol: /^https?$/, error: 'must be a comma-separated list of http(s) origins' })),
      )
      .optional(),
    API_DOCS: booleanFlag.default(true),
    GEOCODER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    GEOCODER_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    WHAT3WORDS_API_KEY: z.string().min(1).optional(),
    WZDX_FEEDS: z
      .string()
      .transform((list) => list.split(/\s+/).filter(Boolean))
      .pipe(
        z.array(
          z
            .string()
            .regex(/^[0-9a-f-]{36}=https?:\/\/\S+$/i, 'each entry must be ORGANIZATION_ID=http(s) URL')
            .transform((entry) => {
              const at = entry.indexOf('=');
              return { organizationId: entry.slice(0, at).toLowerCase(), url: entry.slice(at + 1) };
            }),
        ),
      )
      .optional(),
    WZDX_POLL_MS: z.coerce
      .number()
      .int()
      .refine((ms) => ms >= 5000 && ms <= 3_600_000 && ms % 1000 === 0, {
        error: 'must be whole seconds from 5000 to 3600000',
      })
      .default(60_000),
    DIRECTIONS_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    OIDC_ISSUER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_PROVIDER_NAME: z.string().trim().min(1).max(60).optional(),
    OIDC_CREATE_USERS: z
      .string()
      .regex(/^\d+:[0-9a-f-]{36}$/i, 'must be ROLE_ID:ORGANIZATION_ID')
      .transform((value) => {
        const [roleId, organizationId] = value.split(':');
        return { roleId: Number(roleId), organizationId: organizationId!.toLowerCase() };
      })
      .optional(),
  })
  .superRefine((env, context) => {
    const oidc = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean))
      context.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER_URL'],
        message: 'single sign-on needs OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together',
      });
  });

/** Single sign-on with an OpenID Connect provider. */
export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** The sign-in button's "Sign in with …" name. */
  providerName: string;
  /** Where users the provider vouches for but Flare does not know are created; null: they are refused. */
  createUsers: { roleId: number; organizationId: string } | null;
}

export type Config = {
  /** development, test, staging or production: a dashboard not in production says so on every page. */
  environment: Environment;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  jwtSecret: string | undefined;
  /** Earlier signing secrets, still accepted for tokens they signed (rotation without signing anyone out). */
  jwtPreviousSecrets: string[];
  accessTokenTtl: number;
  refreshTokenTtl: number;
  demoPassword: string | undefined;
  seedDemo: boolean;
  webDist: string;
  /** Where users reach the dashboard, for links in e-mails; unset: the address the server listens on. */
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  /** The S3-compatible bucket that keeps exports' and reports' files; null: the folder DATA_DIR/files. */
  s3: S3Config | null;
  mailFrom: string;
  resetTokenTtl: number;
  inviteTokenTtl: number;
  apiKeyLimit: number;
  apiKeyRateLimit: number;
  unlockTokenTtl: number;
  accountInactivityDays: number;
  /** Answer 404 "There's no user with such email." to forgot/unlock for unknown emails (off: no enumeration). */
  revealUnknownEmails: boolean;
  /** Public auth calls per IP per minute, and per e-mail address per 15 minutes. */
  authRateLimitIp: number;
  authRateLimitEmail: number;
  /** NATS server that carries the live feed between server processes; unset: in-process. */
  natsUrl: string | undefined;
  /** MQTT broker to take device reports from (`things/{credential}/telemetry`); unset: no MQTT. */
  mqttUrl: string | undefined;
  /** The first level(s) of every MQTT topic: `{root}/{credential}/telemetry`, `{root}/{id}/commands`. */
  mqttTopicRoot: string;
  /** RabbitMQ (AMQP) broker a Traccar server forwards positions and events to; unset: none taken. */
  traccarAmqpUrl: string | undefined;
  /** The topic exchange Traccar publishes to (its `forward.exchange`, `traccar` by default). */
  traccarAmqpExchange: string;
  /** How long a device command waits for the device's reply before "Request timed out". */
  deviceCommandTimeoutMs: number;
  /** How close another R2R-enabled asset must be to an alerting responder to be alerted. */
  r2rAlertDistanceM: number;
  /** Without MQTT: the share of commands the simulated devices refuse. */
  deviceSimulatorFailureRate: number;
  /** PostgreSQL waits: connecting, one statement, a transaction left idle. */
  databaseTimeouts: DatabaseTimeouts;
  /** Port of the OsmAnd (Traccar Client) listener. */
  osmandPort: number;
  /** Ingest requests (OsmAnd, batch) one address may make a minute, per server process; 0: no limit. */
  ingestIpRequestsPerMinute: number;
  /** Ingest requests (any adapter) one device may make a minute, per server process; 0: no limit. */
  ingestDeviceRequestsPerMinute: number;
  /** Interval of the status sweep (whole seconds); 0 turns it off. */
  statusSweepMs: number;
  /** Points older than this many days go, a month at a time; 0 keeps every point. */
  pointsRetentionDays: number;
  /** How often an idle job worker asks the queue for work, seconds. */
  jobPollSeconds: number;
  /** An export whose run has not reported for this long (its server died) is started again. */
  exportStaleSeconds: number;
  /** How often a running export saves (and shows) its progress. */
  exportReportMs: number;
  /** What one live-feed socket and one user may hold. */
  liveLimits: LiveLimits;
  /** How often an open live-feed socket's session is checked again (a revoked one is closed). */
  liveSessionCheckMs: number;
  /** Drive the demo fleet with the built-in simulator. */
  simulator: boolean;
  /** MapLibre style of the basemap, or `offline` for the style bundled with the web app. */
  mapStyleUrl: string;
  /** Raster XYZ tile URL template for the satellite and hybrid map types; unset: those are disabled. */
  mapSatelliteTiles: string | undefined;
  /** Three-word addresses from what3words with this key; unset: plus codes (Open Location Code). */
  what3wordsApiKey: string | undefined;
  /**
   * Which reverse proxies' X-Forwarded-For to believe (true: any; or addresses and CIDRs): the client
   * address then counts for rate limits and logs. Unset: the connection's address.
   */
  trustProxy: boolean | string[];
  /** Web origins allowed to call the API from a browser (CORS); empty: none but this server's own. */
  corsOrigins: string[];
  /** Serve the API description and its page at /api/docs. */
  apiDocs: boolean;
  /** Reverse geocoder (Nominatim or Photon) that names incidents' and closures' streets; unset: none. */
  geocoderUrl: string | undefined;
  /** At most one geocoder request per this many milliseconds. */
  geocoderMinIntervalMs: number;
  /** External WZDx feeds read into feed closures, each for one organisation. */
  wzdxFeeds: Array<{ organizationId: string; url: string }>;
  /** How often those feeds are fetched. */
  wzdxPollMs: number;
  /** OSRM-compatible routing service that draws closures' driving routes; unset: straight segments. */
  directionsUrl: string | undefined;
  /** Single sign-on (OIDC_*); null: password sign-in only. */
  oidc: OidcConfig | null;
};

export class ConfigError extends Error {}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    environment: e.FLARE_ENVIRONMENT,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET,
    jwtPreviousSecrets: e.JWT_PREVIOUS_SECRETS ?? [],
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    s3: e.S3_URL ? s3Config(e.S3_URL, e.S3_REGION) : null,
    mailFrom: e.MAIL_FROM,
    resetTokenTtl: e.RESET_TOKEN_TTL,
    inviteTokenTtl: e.INVITE_TOKEN_TTL,
    apiKeyLimit: e.API_KEY_LIMIT,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    unlockTokenTtl: e.UNLOCK_TOKEN_TTL,
    accountInactivityDays: e.ACCOUNT_INACTIVITY_DAYS,
    revealUnknownEmails: e.REVEAL_UNKNOWN_EMAILS,
    authRateLimitIp: e.AUTH_RATE_LIMIT_IP,
    authRateLimitEmail: e.AUTH_RATE_LIMIT_EMAIL,
    natsUrl: e.NATS_URL,
    mqttUrl: e.MQTT_URL,
    mqttTopicRoot: e.MQTT_TOPIC_ROOT,
    traccarAmqpUrl: e.TRACCAR_AMQP_URL,
    traccarAmqpExchange: e.TRACCAR_AMQP_EXCHANGE,
    deviceCommandTimeoutMs: e.DEVICE_COMMAND_TIMEOUT_MS,
    r2rAlertDistanceM: e.R2R_ALERT_DISTANCE_M,
    deviceSimulatorFailureRate: e.DEVICE_SIMULATOR_FAILURE_RATE,
    osmandPort: e.OSMAND_PORT,
    ingestIpRequestsPerMinute: e.INGEST_IP_REQUESTS_PER_MINUTE,
    ingestDeviceRequestsPerMinute: e.INGEST_DEVICE_REQUESTS_PER_MINUTE,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    statusSweepMs: e.STATUS_SWEEP_MS,
    pointsRetentionDays: e.POINTS_RETENTION_DAYS,
    jobPollSeconds: e.JOB_POLL_MS / 1000,
    exportStaleSeconds: e.EXPORT_STALE_SECONDS,
    exportReportMs: e.EXPORT_REPORT_MS,
    liveSessionCheckMs: e.LIVE_SESSION_CHECK_MS,
    liveLimits: {
      subscriptionsPerSocket: e.LIVE_MAX_SUBSCRIPTIONS_PER_SOCKET,
      identifierBytes: e.LIVE_MAX_IDENTIFIER_BYTES,
      socketsPerUser: e.LIVE_MAX_SOCKETS_PER_USER,
      badFrames: e.LIVE_MAX_BAD_FRAMES,
    },
    simulator: e.SIMULATOR,
    mapStyleUrl: e.MAP_STYLE_URL,
    mapSatelliteTiles: e.MAP_SATELLITE_TILES,
    what3wordsApiKey: e.WHAT3WORDS_API_KEY,
    trustProxy: e.TRUST_PROXY ?? false,
    corsOrigins: (e.CORS_ORIGINS ?? []).map((origin) => new URL(origin).origin),
    apiDocs: e.API_DOCS,
    geocoderUrl: e.GEOCODER_URL,
    geocoderMinIntervalMs: e.GEOCODER_MIN_INTERVAL_MS,
    wzdxFeeds: e.WZDX_FEEDS ?? [],
    wzdxPollMs: e.WZDX_POLL_MS,
    directionsUrl: e.DIRECTIONS_URL,
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuerUrl: e.OIDC_ISSUER_URL,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            providerName: e.OIDC_PROVIDER_NAME ?? new URL(e.OIDC_ISSUER_URL).hostname,
            createUsers: e.OIDC_CREATE_USERS ?? null,
          }
        : null,
  };
}

/**
 * `http(s)://ACCESS_KEY:SECRET@host:port/bucket[/prefix]`: the server, addressed path-style, and the
 * bucket; without a key and secret the SDK finds its own (AWS_* variables, an instance role).
 */
function s3Config(url: string, region: string): S3Config {
  const parsed = new URL(url);
  const [bucket = '', ...prefix] = parsed.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  return {
    endpoint: parsed.origin,
    bucket,
    prefix: prefix.map((part) => `${part}/`).join(''),
    region,
    credentials: parsed.username
      ? {
          accessKeyId: decodeURIComponent(parsed.username),
          secretAccessKey: decodeURIComponent(parsed.password),
        }
      : null,
  };
}
