import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiKeysResponseSchema,
  CreateApiKeyInputSchema,
  CreatedApiKeySchema,
} from '@flare/core/schemas/api-key';
import { principalOf } from '../../platform/auth-hook';
import type { ApiKeysService } from './api-keys.service';
import { BEARER, errorResponses } from '../../platform/api-docs';

const errors = errorResponses(400, 401, 403, 422);

export function registerApiKeysRoutes(app: FastifyInstance, service: ApiKeysService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api_keys',
    {
      config: { access: 'viewApiKeys' },
      schema: {
        tags: ['integrations'],
        summary: "Your organisation's API keys (never their tokens) and how many it may hold",
        security: BEARER,
        response: { 200: ApiKeysResponseSchema, ...errors },
      },
    },
    (request) => service.list(principalOf(request)),
  );

  api.post(
    '/api_keys',
    {
      config: { access: 'createApiKey' },
      schema: {
        tags: ['integrations'],
        summary: 'Creates an API key; the answer is the only time its token is shown',
        security: BEARER,
        body: CreateApiKeyInputSchema,
        response: { 201: CreatedApiKeySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(principalOf(request), request.body)),
  );

  api.delete(
    '/api_keys/:id',
    {
      config: { access: 'revokeApiKey' },
      schema: {
        tags: ['integrations'],
        summary: 'Revokes an API key at once',
        security: BEARER,
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ uuid: z.string() }), ...errors },
      },
    },
    (request) => service.revoke(principalOf(request), request.params.id),
  );
}
