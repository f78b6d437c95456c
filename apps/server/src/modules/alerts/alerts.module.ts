/**
 * Motorist alerts: what Flare's sources tell drivers approaching them. Sections register their alert
 * source on `app.alertSources` (so this module comes before them); the API lists the active alerts.
 */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { AlertSources } from './alert-sources';
import { registerAlertsRoutes } from './alerts.routes';
import { AlertsService } from './alerts.service';

declare module 'fastify' {
  interface FastifyInstance {
    alertSources: AlertSources;
  }
}

export const alertsModule = fp(
  async (app) => {
    const sources = new AlertSources();
    app.decorate('alertSources', sources);
    const service = new AlertsService(app.accounts, sources);
    await apiRoutes(app, (api) => registerAlertsRoutes(api, service));
  },
  { name: 'alerts', dependencies: ['platform', 'auth', 'accounts'] },
);
