/** Reference lists: asset types and subtypes (GET /thing_types, /thing_subtypes) and area types (/ez_types). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EzTypeSchema, ThingSubtypeSchema, ThingTypeSchema } from '@flare/core/schemas/reference';
import type { ReferenceRepository } from './reference.repository';
import { BEARER, errorResponses } from '../../platform/api-docs';

const errors = errorResponses(401, 403);

export function registerReferenceRoutes(app: FastifyInstance, repository: ReferenceRepository): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/thing_types',
    {
      config: { access: 'viewThings' },
      schema: {
        tags: ['reference'],
        security: BEARER,
        response: { 200: z.array(ThingTypeSchema), ...errors },
      },
    },
    () => repository.thingTypes(),
  );
  api.get(
    '/thing_subtypes',
    {
      config: { access: 'viewThings' },
      schema: {
        tags: ['reference'],
        security: BEARER,
        response: { 200: z.array(ThingSubtypeSchema), ...errors },
      },
    },
    () => repository.thingSubtypes(),
  );
  api.get(
    '/ez_types',
    {
      config: { access: 'viewAreas' },
      schema: { tags: ['reference'], security: BEARER, response: { 200: z.array(EzTypeSchema), ...errors } },
    },
    () => repository.ezTypes(),
  );
}
