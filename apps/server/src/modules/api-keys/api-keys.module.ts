/** Integrations' API keys: their routes, and resolving a key for the auth hook. */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { ApiKeysRepository } from './api-keys.repository';
import { registerApiKeysRoutes } from './api-keys.routes';
import { ApiKeysService } from './api-keys.service';

export const apiKeysModule = fp(
  async (app) => {
    const apiKeys = new ApiKeysService(new ApiKeysRepository(app.db), app.events, app.config.apiKeyLimit);
    await apiKeys.follow();
    app.auth.acceptApiKeys((token) => apiKeys.resolve(token));
    await apiRoutes(app, (api) => registerApiKeysRoutes(api, apiKeys));
  },
  { name: 'api-keys', dependencies: ['platform', 'auth'] },
);
