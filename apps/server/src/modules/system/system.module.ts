/** Version and health: public, for the dashboard's new-release check and for operators' monitoring. */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { registerSystemRoutes } from './system.routes';

export const systemModule = fp(
  async (app) => {
    await apiRoutes(app, (api) =>
      registerSystemRoutes(api, {
        version: app.release,
        environment: app.config.environment,
        databaseReachable: () => app.databaseReachable(),
        jobQueue: () => app.jobs.state(),
        externalFeeds: async () =>
          (await Promise.all(app.externalFeedReports.map((report) => report()))).flat(),
        // Registered after this module: read when asked.
        singleSignOn: () => app.singleSignOn.health(),
      }),
    );
  },
  { name: 'system', dependencies: ['platform'] },
);
