/** Assets: listing, profiles, organisation access, registration and acknowledging alarms. */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { ThingsRepository } from './things.repository';
import { registerThingsRoutes } from './things.routes';
import { ThingsService } from './things.service';
import { alertingResetJob } from './alerting-reset.job';

declare module 'fastify' {
  interface FastifyInstance {
    things: ThingsService;
  }
}

export const thingsModule = fp(
  async (app) => {
    const things = new ThingsService(
      new ThingsRepository(app.db),
      app.accounts,
      app.thingStates,
      app.events,
      () => app.publicUrl(),
      app.jobs,
    );
    await app.jobs.work(alertingResetJob, ({ thing_id, off_at }) =>
      things.resetAlerting(thing_id, new Date(off_at)),
    );
    app.decorate('things', things);
    app.alertSources.register(things);
    await apiRoutes(app, (api) => registerThingsRoutes(api, things));
  },
  { name: 'things', dependencies: ['platform', 'auth', 'accounts', 'telemetry', 'alerts'] },
);
