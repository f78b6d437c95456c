import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RevokeTokenRequestSchema,
  RevokeTokenResponseSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  VerifyTokenRequestSchema,
  VerifyTokenResponseSchema,
} from '@flare/core/schemas/auth';
import { ApiErrorSchema } from '@flare/core/schemas/common';
import type { AuthService } from './auth.service';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 422: ApiErrorSchema };

export function registerAuthRoutes(app: FastifyInstance, service: AuthService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/user_token',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in (password grant) or refresh a session (refresh_token grant)',
        body: TokenRequestSchema,
        response: { 200: TokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.grant_type === 'password') return service.passwordGrant(body);
      return service.refreshGrant((body.refresh_token ?? body.refreshToken)!);
    },
  );

  api.post(
    '/revoke_token',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'End the session of a refresh or access token',
        body: RevokeTokenRequestSchema,
        response: { 200: RevokeTokenResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => ({ revoked: await service.revoke(request.body.token) }),
  );

  api.post(
    '/verify_token',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Check that an access token is valid and its session open',
        body: VerifyTokenRequestSchema,
        response: { 200: VerifyTokenResponseSchema, ...errors },
      },
    },
    (request) => service.verifyAccessToken(request.body.access_token),
  );
}
