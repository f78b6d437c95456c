/** Organisation users: the list, invitations, role changes, suspension and deletion. */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { UsersRepository } from './users.repository';
import { registerUsersRoutes } from './users.routes';
import { UsersService } from './users.service';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersService;
  }
}

export const usersModule = fp(
  async (app) => {
    const users = new UsersService(new UsersRepository(app.db), app.accounts, app.auth);
    app.decorate('users', users);
    await apiRoutes(app, (api) => registerUsersRoutes(api, users));
  },
  { name: 'users', dependencies: ['platform', 'auth', 'accounts'] },
);
