/**
 * GET /api/sso/config (is single sign-on on, and the provider's name), GET /api/sso/start (off to
 * the provider) and GET /api/sso/callback (back from it). Both ends of the flow are browser
 * navigations, so they answer with redirects: the callback to the sign-in screen, with the one-time
 * sign-in code or the reason of the refusal in the URL's fragment (never sent to a server, so never in
 * a log).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@flare/core/schemas/common';
import {
  SIGN_IN_CODE_PARAM,
  SIGN_IN_ERROR_PARAM,
  SingleSignOnConfigSchema,
} from '@flare/core/schemas/single-sign-on';
import { HttpError, publicAuthRoute } from '../../platform/http-errors';
import { FLOW_COOKIE, FLOW_TTL_SECONDS } from './flow-cookie';
import type { SingleSignOnService } from './single-sign-on.service';

const SIGN_IN_PATH = '/welcome/signin';
const COOKIE_PATH = '/api/sso';

export interface SingleSignOnRouteOptions {
  service: SingleSignOnService;
  /** Public auth calls per IP per minute. */
  ipLimit: number;
  /** Send the flow cookie over https only. */
  secureCookie: boolean;
}

const redirectResponses = { 302: z.null().describe('Redirect'), 404: ApiErrorSchema, 429: ApiErrorSchema };

export function registerSingleSignOnRoutes(app: FastifyInstance, options: SingleSignOnRouteOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  const publicAuth = publicAuthRoute(options.ipLimit);

  /** Back to the sign-in screen with the outcome; the flow cookie has served its purpose. */
  const toSignIn = (reply: FastifyReply, param: string, value: string) =>
    reply
      .clearCookie(FLOW_COOKIE, { path: COOKIE_PATH })
      .redirect(`${SIGN_IN_PATH}#${new URLSearchParams({ [param]: value }).toString()}`);

  api.get(
    '/sso/config',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Whether single sign-on is offered, and the name of its provider',
        response: { 200: SingleSignOnConfigSchema },
      },
    },
    () => service.publicConfig(),
  );

  api.get(
    '/sso/start',
    {
      config: publicAuth,
      schema: {
        tags: ['auth'],
        summary: 'Start single sign-on: redirects the browser to the OpenID provider',
        response: redirectResponses,
      },
    },
    async (request, reply) => {
      try {
        const { authorizationUrl, flow } = await service.start();
        return await reply
          .setCookie(FLOW_COOKIE, flow, {
            path: COOKIE_PATH,
            httpOnly: true,
            // Lax: the provider's redirect back is a top-level navigation from its site.
            sameSite: 'lax',
            secure: options.secureCookie,
            maxAge: FLOW_TTL_SECONDS,
          })
          .redirect(authorizationUrl);
      } catch (error) {
        return refused(error, request.log, reply);
      }
    },
  );

  api.get(
    '/sso/callback',
    {
      config: publicAuth,
      schema: {
        tags: ['auth'],
        summary: "The OpenID provider's redirect back: signs the user in and redirects to the dashboard",
        // The provider's parameters, read by the OpenID client (it may add others: they are kept).
        querystring: z.looseObject({
          code: z.string().optional(),
          state: z.string().optional(),
          iss: z.string().optional(),
          error: z.string().optional(),
          error_description: z.string().optional(),
        }),
        response: redirectResponses,
      },
    },
    async (request, reply) => {
      try {
        const query = request.url.slice(request.url.indexOf('?') + 1 || request.url.length);
        const code = await service.finish(query, request.cookies[FLOW_COOKIE]);
        return await toSignIn(reply, SIGN_IN_CODE_PARAM, code);
      } catch (error) {
        return refused(error, request.log, reply);
      }
    },
  );

  /** A refusal with its reason; anything but a refusal of the user is the provider's failure, logged. */
  function refused(error: unknown, log: FastifyBaseLogger, reply: FastifyReply) {
    if (error instanceof HttpError && error.statusCode === 404) throw error;
    if (error instanceof HttpError) {
      log.info({ reason: error.code }, 'single sign-on refused');
      return toSignIn(reply, SIGN_IN_ERROR_PARAM, error.code);
    }
    log.warn({ err: error }, 'single sign-on failed');
    return toSignIn(reply, SIGN_IN_ERROR_PARAM, 'sso_failed');
  }
}
