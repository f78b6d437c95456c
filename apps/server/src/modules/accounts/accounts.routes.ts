import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProfileResponseSchema } from '@flare/core/schemas/profile';
import { RoleSchema } from '@flare/core/schemas/reference';
import { principalOf } from '../../platform/auth-hook';
import type { AccountsService } from './accounts.service';
import { BEARER, errorResponses } from '../../platform/api-docs';

export function registerAccountsRoutes(app: FastifyInstance, service: AccountsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/profile',
    {
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's profile",
        security: BEARER,
        response: { 200: ProfileResponseSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => service.profile(principalOf(request)),
  );

  api.get(
    '/roles',
    {
      config: { access: 'viewAccounts' },
      schema: {
        tags: ['accounts'],
        summary: 'Roles, by order, with the labels users see',
        security: BEARER,
        response: { 200: z.array(RoleSchema), ...errorResponses(401, 403) },
      },
    },
    () => service.roles(),
  );
}
