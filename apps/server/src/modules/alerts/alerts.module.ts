/**
 * Motorist alerts: what Flare's sources tell drivers approaching them. Sections register their alert
 * source on `app.alertSources` and say when their alerts may have changed (so this module comes
 * before them); partners list the active alerts or stream their changes; the sweep catches alerts
 * that end with time.
 */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { AlertSources } from './alert-sources.service';
import { AlertDeliveries, STALE_CONNECTION_MS } from './alert-deliveries';
import { AlertDeliveriesRepository } from './alert-deliveries.repository';
import { AlertStreams } from './alert-streams';
import { VehicleAlerts } from './vehicle-alerts';
import { ALERTS_SWEEP_MS, alertsSweepJob } from './alerts-sweep.job';
import { AlertsRepository } from './alerts.repository';
import { registerAlertsRoutes } from './alerts.routes';
import { AlertsService } from './alerts.service';

declare module 'fastify' {
  interface FastifyInstance {
    alertSources: AlertSources;
  }
}

export const alertsModule = fp(
  async (app) => {
    const repository = new AlertsRepository(app.db);
    const sources = new AlertSources(repository, app.events, app.log);
    const deliveriesRepository = new AlertDeliveriesRepository(app.db);
    const deliveries = new AlertDeliveries(deliveriesRepository, app.log);
    const streams = new AlertStreams(repository, app.events, deliveries);
    const vehicles = new VehicleAlerts(repository, app.events, deliveries);
    await Promise.all([sources.follow(), streams.follow(), vehicles.follow()]);
    app.decorate('alertSources', sources);
    const stopFlushing = deliveries.start();
    app.addHook('preClose', async () => {
      streams.closeAll();
      stopFlushing();
      await deliveries.flush();
    });

    await app.jobs.work(alertsSweepJob, async () => {
      await sources.sweep();
      // Connections a stopped process left behind.
      await deliveriesRepository.forgetStale(new Date(Date.now() - STALE_CONNECTION_MS));
    });
    if (app.config.statusSweepMs > 0) await app.jobs.every(alertsSweepJob, ALERTS_SWEEP_MS);

    await apiRoutes(app, (api) =>
      registerAlertsRoutes(
        api,
        new AlertsService(
          app.accounts,
          sources,
          repository,
          () => app.publicUrl(),
          deliveries,
          deliveriesRepository,
        ),
        streams,
        vehicles,
      ),
    );
  },
  { name: 'alerts', dependencies: ['platform', 'auth', 'accounts'] },
);
