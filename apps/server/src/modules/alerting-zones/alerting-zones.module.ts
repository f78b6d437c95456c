/** Alerting zones (wrong-way-driver hotspots): their API, active with the incidents on them. */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { AlertingZonesRepository } from './alerting-zones.repository';
import { registerAlertingZonesRoutes } from './alerting-zones.routes';
import { AlertingZonesService } from './alerting-zones.service';

export const alertingZonesModule = fp(
  async (app) => {
    const service = new AlertingZonesService(
      new AlertingZonesRepository(app.db),
      app.accounts,
      app.incidents,
    );
    await apiRoutes(app, (api) => registerAlertingZonesRoutes(api, service));
  },
  { name: 'alerting-zones', dependencies: ['platform', 'auth', 'accounts', 'incidents'] },
);
