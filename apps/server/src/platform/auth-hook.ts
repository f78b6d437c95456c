/**
 * Every /api route needs a signed-in caller unless it is declared `config: { public: true }`.
 * A route may also declare `config: { access: '<core access group>' }`; the caller must hold it.
 * An integration's API key (`X-Api-Key`, or a bearer token starting with the key prefix) is accepted
 * only by routes declaring `config: { apiKey: true }` (ingest and reads), and is rate-limited per key
 * (except on device-report routes, `config.deviceReports`, which limit each device instead).
 * A browser's socket, which cannot set headers, offers its access token or key as a sub-protocol.
 * The route is the one the router matched, not the raw URL: `/%61pi/roles` is routed to /api/roles.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type Access } from '@flare/core/permissions/access';
import { API_KEY_PREFIX } from '@flare/core/schemas/api-key';
import { MESSAGES } from '@flare/core/messages';
import { forbidden, tooManyAttempts, unauthorized } from './http-errors';
import { socketCredential } from './websockets';

export interface Principal {
  userId: string;
  organizationId: string;
  sessionId: string;
  roleId: number;
  permissions: readonly string[];
  /** Set when the caller is an integration's API key rather than a signed-in user. */
  apiKeyId?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    access?: Access;
    /** The route also takes API keys. */
    apiKey?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export type ResolvePrincipal = (accessToken: string) => Promise<Principal | null>;

export interface PrincipalResolvers {
  user: ResolvePrincipal;
  apiKey: ResolvePrincipal;
  /** Whether the key may make another call now (its rate limit). */
  apiKeyWithinLimit: (request: FastifyRequest) => Promise<boolean>;
}

/** The API key a request carries, if any. */
function apiKeyOf(request: FastifyRequest, bearer: string | null): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header;
  return bearer?.startsWith(API_KEY_PREFIX) ? bearer : null;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Whether a matched route (its pattern, e.g. `/api/things/:id`) needs a signed-in caller. */
function isProtectedRoute(route: string | undefined): boolean {
  if (route === undefined) return false; // no route matched: the not-found handler answers
  const underApi = route === '/api' || route.startsWith('/api/');
  const docs = route === '/api/docs' || route.startsWith('/api/docs/');
  return underApi && !docs;
}

export function registerAuthHook(app: FastifyInstance, resolvers: PrincipalResolvers): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (request.is404 || !isProtectedRoute(request.routeOptions.url) || config.public) return;
    const token = bearerToken(request) ?? socketCredential(request);
    const apiKey = apiKeyOf(request, token);
    if (apiKey && !config.apiKey) throw forbidden(MESSAGES.apiKeyNotAccepted);
    const principal = apiKey ? await resolvers.apiKey(apiKey) : token ? await resolvers.user(token) : null;
    if (!principal)
      throw unauthorized('invalid_token', apiKey ? MESSAGES.apiKeyInvalid : MESSAGES.tokenExpired);
    request.principal = principal;
    // Device reports are limited per device and per address instead: one key forwarding a whole
    // fleet (a Traccar server, 500 vehicles every 5 s) must not be held to an integration's call rate.
    if (principal.apiKeyId && !config.deviceReports && !(await resolvers.apiKeyWithinLimit(request))) {
      throw tooManyAttempts();
    }
    if (config.access && !can(principal.permissions, config.access)) throw forbidden();
  });
}

/** The caller of a route that is not public (the hook has already refused anyone else). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized('invalid_token', MESSAGES.tokenExpired);
  return request.principal;
}
