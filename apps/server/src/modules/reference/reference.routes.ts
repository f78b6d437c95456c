/** Reference lists: asset types and subtypes (GET /thing_types, /thing_subtypes) and area types (/ez_types). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EzTypeSchema, ThingSubtypeSchema, ThingTypeSchema } from '@flare/core/schemas/reference';
import { ApiErrorSchema } from '@flare/core/schemas/common';
import type { ReferenceRepository } from './reference.repository';

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema };

export function registerReferenceRoutes(app: FastifyInstance, repository: ReferenceRepository): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  api.get(
    '/thing_types',
    {
      config: { access: 'viewThings' },
      schema: { tags: ['reference'], security, response: { 200: z.array(ThingTypeSchema), ...errors } },
    },
    () => repository.thingTypes(),
  );
  api.get(
    '/thing_subtypes',
    {
      config: { access: 'viewThings' },
      schema: { tags: ['reference'], security, response: { 200: z.array(ThingSubtypeSchema), ...errors } },
    },
    () => repository.thingSubtypes(),
  );
  api.get(
    '/ez_types',
    {
      config: { access: 'viewAreas' },
      schema: { tags: ['reference'], security, response: { 200: z.array(EzTypeSchema), ...errors } },
    },
    () => repository.ezTypes(),
  );
}
