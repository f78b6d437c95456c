import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignableResponseSchema,
  CreateOrganizationInputSchema,
  DeleteOrganizationResponseSchema,
  OrganizationInputSchema,
  OrganizationSchema,
  OrganizationsResponseSchema,
} from '@flare/core/schemas/organization';
import { principalOf } from '../../platform/auth-hook';
import { BEARER, errorResponses } from '../../platform/api-docs';
import type { OrganizationsService } from './organizations.service';

const errors = errorResponses(400, 401, 403, 409, 422);
const IdParams = z.object({ id: z.uuid() });

export function registerOrganizationsRoutes(app: FastifyInstance, service: OrganizationsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/organizations',
    {
      config: { access: 'viewOrganizations' },
      schema: {
        tags: ['organizations'],
        summary:
          'The organisations you may see (your own, those it manages or accesses; every one for platform administrators), by name',
        security: BEARER,
        response: { 200: OrganizationsResponseSchema, ...errors },
      },
    },
    (request) => service.list(principalOf(request)),
  );

  api.get(
    '/organization/assignable',
    {
      config: { access: 'viewOrganizations' },
      schema: {
        tags: ['organizations'],
        summary: 'What you may choose in the organisation form: the organisation types',
        security: BEARER,
        response: { 200: AssignableResponseSchema, ...errors },
      },
    },
    (request) => service.assignable(principalOf(request)),
  );

  api.put(
    '/organization',
    {
      config: { access: 'updateOwnOrganization' },
      schema: {
        tags: ['organizations'],
        summary: 'Changes your own organisation (name, contacts, type, address)',
        security: BEARER,
        body: OrganizationInputSchema,
        response: { 200: OrganizationSchema, ...errors },
      },
    },
    (request) => {
      const principal = principalOf(request);
      return service.update(principal, principal.organizationId, request.body);
    },
  );

  api.put(
    '/organization/:id',
    {
      config: { access: 'updateOrganization' },
      schema: {
        tags: ['organizations'],
        summary:
          'Changes your organisation or one it manages (any, for platform administrators); 422 "Organization not found." otherwise',
        security: BEARER,
        params: IdParams,
        body: OrganizationInputSchema,
        response: { 200: OrganizationSchema, ...errors },
      },
    },
    (request) => service.update(principalOf(request), request.params.id, request.body),
  );

  api.post(
    '/organization',
    {
      config: { access: 'createOrganization' },
      schema: {
        tags: ['organizations'],
        summary:
          'Creates an organisation and its first Org Admin, who is e-mailed an invitation (platform administrators)',
        security: BEARER,
        body: CreateOrganizationInputSchema,
        response: { 201: OrganizationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(principalOf(request), request.body)),
  );

  api.delete(
    '/organization/:id',
    {
      config: { access: 'deleteOrganization' },
      schema: {
        tags: ['organizations'],
        summary:
          'Deletes an organisation that has no users or assets left, never your own (platform administrators); answers its id',
        security: BEARER,
        params: IdParams,
        response: { 200: DeleteOrganizationResponseSchema, ...errors },
      },
    },
    (request) => service.remove(principalOf(request), request.params.id),
  );
}
