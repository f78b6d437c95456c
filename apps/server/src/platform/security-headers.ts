/**
 * Security headers on every answer (helmet) and CORS (@fastify/cors, closed unless
 * CORS_ORIGINS names origins). The Content-Security-Policy allows what the dashboard needs and no
 * more: its own scripts and styles (Mantine writes inline styles), MapLibre's workers (blob: URLs), and
 * the hosts of the configured basemap style and satellite tiles. HSTS only when PUBLIC_URL is https.
 */
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/** The origin of a configured http(s) URL (tile templates included), or null for local paths and `offline`. */
function originOf(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//.test(url)) return null;
  return new URL(url.replace(/[{}]/g, '')).origin;
}

/** Hosts the map loads from: the basemap style (its tiles, glyphs and sprites are on the same host) and the satellite tiles. */
export function mapOrigins(config: Pick<Config, 'mapStyleUrl' | 'mapSatelliteTiles'>): string[] {
  return [
    ...new Set([originOf(config.mapStyleUrl), originOf(config.mapSatelliteTiles)].filter((o) => o !== null)),
  ];
}

export function contentSecurityPolicy(
  config: Pick<Config, 'mapStyleUrl' | 'mapSatelliteTiles' | 'publicUrl'>,
) {
  const map = mapOrigins(config);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...map],
      fontSrc: ["'self'", 'data:', ...map],
      connectSrc: ["'self'", ...map],
      workerSrc: ["'self'", 'blob:'],
      childSrc: ["'self'", 'blob:'],
      ...(config.publicUrl?.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * The API docs page's policy: Swagger UI's own (its scripts from this server), with its inline styles
 * allowed, never framed, and insecure requests upgraded only over https.
 */
export function docsPagePolicy(header: string, config: Pick<Config, 'publicUrl'>): string {
  const policy = header
    .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
    .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'");
  return config.publicUrl?.startsWith('https://')
    ? policy
    : policy.replace(/ ?upgrade-insecure-requests;?/, '');
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  // Built once: the Fastify plugin (@fastify/helmet) builds helmet anew for every request, parsing the
  // policy each time, which cost an ingest request about as much as routing it.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The map's tiles and fonts may come from other hosts.
    crossOriginEmbedderPolicy: false,
  });
  // helmet throws its errors (since 8.1) and calls back with none.
  app.addHook('onRequest', (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, () => done()),
  );
  await app.register(fastifyCors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false });
}
