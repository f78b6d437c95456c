import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProfileResponseSchema } from '@flare/core/schemas/profile';
import { RoleSchema } from '@flare/core/schemas/reference';
import { ApiErrorSchema } from '@flare/core/schemas/common';
import { principalOf } from '../../platform/auth-hook';
import type { AccountsService } from './accounts.service';

export function registerAccountsRoutes(app: FastifyInstance, service: AccountsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/profile',
    {
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's profile",
        security: [{ bearer: [] }],
        response: { 200: ProfileResponseSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
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
        security: [{ bearer: [] }],
        response: { 200: z.array(RoleSchema), 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    () => service.roles(),
  );
}
