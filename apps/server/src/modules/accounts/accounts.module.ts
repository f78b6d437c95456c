/** Profiles, roles and which organisations a user sees or manages (used by the other modules). */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { AccountsRepository } from './accounts.repository';
import { registerAccountsRoutes } from './accounts.routes';
import { AccountsService } from './accounts.service';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}

export const accountsModule = fp(
  async (app) => {
    const accounts = new AccountsService(new AccountsRepository(app.db));
    app.decorate('accounts', accounts);
    await apiRoutes(app, (api) => registerAccountsRoutes(api, accounts));
  },
  { name: 'accounts', dependencies: ['platform', 'auth'] },
);
