import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateUserInputSchema,
  DeleteUserResponseSchema,
  OrganizationUserWireSchema,
  OrganizationUsersResponseSchema,
  UpdateUserInputSchema,
} from '@flare/core/schemas/user';
import { principalOf } from '../../platform/auth-hook';
import type { UsersService } from './users.service';
import { BEARER, errorResponses } from '../../platform/api-docs';

const errors = errorResponses(400, 401, 403, 422);
const IdParams = z.object({ id: z.uuid() });

export function registerUsersRoutes(app: FastifyInstance, service: UsersService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/organization/users',
    {
      config: { access: 'viewUsers' },
      schema: {
        tags: ['users'],
        summary: "Your organisation's users, and those of the organisations that manage or access it",
        security: BEARER,
        response: { 200: OrganizationUsersResponseSchema, ...errors },
      },
    },
    (request) => service.list(principalOf(request)),
  );

  // The dashboard posts to /users/ (with the slash); both spellings create a user.
  for (const url of ['/users', '/users/']) {
    api.post(
      url,
      {
        config: { access: 'createUser' },
        schema: {
          tags: ['users'],
          summary: 'Creates a user in your organisation and e-mails them an invitation to choose a password',
          security: BEARER,
          hide: url === '/users/',
          body: CreateUserInputSchema,
          response: { 201: OrganizationUserWireSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(principalOf(request), request.body)),
    );
  }

  api.put(
    '/users/:id',
    {
      config: { access: 'updateUser' },
      schema: {
        tags: ['users'],
        summary:
          'Changes a user of your organisation (names, e-mail, role, phone, address); suspends or re-activates them',
        security: BEARER,
        params: IdParams,
        body: UpdateUserInputSchema,
        response: { 200: OrganizationUserWireSchema, ...errors },
      },
    },
    (request) => service.update(principalOf(request), request.params.id, request.body),
  );

  api.delete(
    '/users/:id',
    {
      config: { access: 'deleteUser' },
      schema: {
        tags: ['users'],
        summary: 'Deletes a user of your organisation, ending their sessions; answers their id',
        security: BEARER,
        params: IdParams,
        response: { 200: DeleteUserResponseSchema, ...errors },
      },
    },
    (request) => service.remove(principalOf(request), request.params.id),
  );
}
