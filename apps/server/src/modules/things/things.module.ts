/** Assets: listing, profiles, organisation access, registration and acknowledging alarms. */
import fp from 'fastify-plugin';
import { alertId, respondingNow } from '@flare/core/alerts/alert-rules';
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
    // A responding asset's alert moves with each report; one that stops responding ends it. Its
    // owner (first of the organisations that see it) holds the alert.
    await app.events.on('thing.states-changed', ({ states }) => {
      const now = Date.now();
      const owners = states
        .filter(
          (state) =>
            respondingNow({ ...state, heartbeatAt: state.heartbeat_at }, now) ||
            app.alertSources.isActive(alertId('thing', state.thing_id)),
        )
        .map((state) => state.organization_ids[0]!);
      if (owners.length > 0) app.alertSources.changed(owners);
    });
    await app.events.on('thing.changed', ({ thing }) => app.alertSources.changed([thing.organization.id]), {
      thisProcessOnly: true,
    });
    await apiRoutes(app, (api) => registerThingsRoutes(api, things));
  },
  { name: 'things', dependencies: ['platform', 'auth', 'accounts', 'telemetry', 'alerts'] },
);
