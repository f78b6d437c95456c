import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RevokeTokenRequestSchema,
  RevokeTokenResponseSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  VerifyTokenRequestSchema,
  VerifyTokenResponseSchema,
} from '@flare/core/schemas/auth';
import {
  ForgotPasswordRequestSchema,
  PasswordExpiredErrorSchema,
  RecoveryResponseSchema,
  ResetPasswordRequestSchema,
  ResetPasswordResponseSchema,
  UnlockAccountRequestSchema,
} from '@flare/core/schemas/recovery';
import { ApiErrorSchema } from '@flare/core/schemas/common';
import { publicAuthRoute, tooManyAttempts } from '../../platform/http-errors';
import type { AuthService } from './auth.service';
import type { RecoveryService } from './recovery.service';
import { errorResponses } from '../../platform/api-docs';

const errors = errorResponses(400, 401, 403, 404, 422, 429);

export interface AuthRouteOptions {
  auth: AuthService;
  recovery: RecoveryService;
  /** Public auth calls per IP per minute, and per e-mail address per 15 minutes. */
  ipLimit: number;
  emailLimit: number;
}

function emailOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>).username ?? (body as Record<string, unknown>).email;
  return typeof value === 'string' ? value.trim().toLowerCase() : null;
}

export function registerAuthRoutes(app: FastifyInstance, options: AuthRouteOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { auth, recovery } = options;

  const perEmail = app.createRateLimit({
    max: options.emailLimit,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `email:${emailOf(request.body) ?? request.ip}`,
  });
  const publicAuth = publicAuthRoute(options.ipLimit);
  /** Per-address limit for calls that name an account (checked once the body is parsed). */
  const limitPerEmail = async (request: FastifyRequest) => {
    if (emailOf(request.body) === null) return;
    const limit = await perEmail(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyAttempts();
  };

  api.post(
    '/user_token',
    {
      config: publicAuth,
      preHandler: limitPerEmail,
      schema: {
        tags: ['auth'],
        summary: 'Sign in (password grant) or refresh a session (refresh_token grant)',
        body: TokenRequestSchema,
        response: {
          200: TokenResponseSchema,
          ...errors,
          401: z.union([PasswordExpiredErrorSchema, ApiErrorSchema]),
        },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.grant_type === 'password') return auth.passwordGrant(body);
      return auth.refreshGrant((body.refresh_token ?? body.refreshToken)!);
    },
  );

  api.post(
    '/revoke_token',
    {
      config: publicAuth,
      schema: {
        tags: ['auth'],
        summary: 'End the session of a refresh or access token',
        body: RevokeTokenRequestSchema,
        response: { 200: RevokeTokenResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => ({ revoked: await auth.revoke(request.body.token) }),
  );

  api.post(
    '/verify_token',
    {
      config: publicAuth,
      schema: {
        tags: ['auth'],
        summary: 'Check that an access token is valid and its session open',
        body: VerifyTokenRequestSchema,
        response: { 200: VerifyTokenResponseSchema, ...errors },
      },
    },
    (request) => auth.verifyAccessToken(request.body.access_token),
  );

  api.post(
    '/forgot_password',
    {
      config: publicAuth,
      preHandler: limitPerEmail,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a single-use password reset link',
        body: ForgotPasswordRequestSchema,
        response: { 200: RecoveryResponseSchema, ...errors },
      },
    },
    (request) => recovery.forgotPassword(request.body.email),
  );

  api.post(
    '/unlock_account',
    {
      config: publicAuth,
      preHandler: limitPerEmail,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a new unlock link to a locked account',
        body: UnlockAccountRequestSchema,
        response: { 200: RecoveryResponseSchema, ...errors },
      },
    },
    (request) => recovery.unlockAccount(request.body.email),
  );

  api.put(
    '/reset_password',
    {
      config: publicAuth,
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with a reset token',
        body: ResetPasswordRequestSchema,
        response: { 200: ResetPasswordResponseSchema, ...errors },
      },
    },
    (request) => recovery.resetPassword(request.body.token, request.body.password),
  );
}
