/** Reference data every screen needs: asset types and subtypes, area types. */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { ReferenceRepository } from './reference.repository';
import { registerReferenceRoutes } from './reference.routes';

export const referenceModule = fp(
  async (app) => {
    const repository = new ReferenceRepository(app.db);
    await apiRoutes(app, (api) => registerReferenceRoutes(api, repository));
  },
  { name: 'reference', dependencies: ['platform', 'auth'] },
);
