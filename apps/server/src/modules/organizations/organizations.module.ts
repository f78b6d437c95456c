/** Organisations: the list, changes, and (platform administrators) creation with a first Org Admin, and deletion. */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { OrganizationsRepository } from './organizations.repository';
import { registerOrganizationsRoutes } from './organizations.routes';
import { OrganizationsService } from './organizations.service';

export const organizationsModule = fp(
  async (app) => {
    const organizations = new OrganizationsService(
      new OrganizationsRepository(app.db),
      app.accounts,
      app.users,
      app.events,
    );
    await apiRoutes(app, (api) => registerOrganizationsRoutes(api, organizations));
  },
  { name: 'organizations', dependencies: ['platform', 'accounts', 'users'] },
);
