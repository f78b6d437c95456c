/** Alerting zones (wrong-way-driver hotspots): their API, active with the incidents on them. */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { ZonesRepository } from './zones.repository';
import { registerZonesRoutes } from './zones.routes';
import { ZonesService } from './zones.service';

export const zonesModule = fp(
  async (app) => {
    const service = new ZonesService(
      new ZonesRepository(app.db),
      app.accounts,
      app.incidents,
      app.alertSources,
    );
    app.alertSources.register(service);
    await apiRoutes(app, (api) => registerZonesRoutes(api, service));
  },
  { name: 'zones', dependencies: ['platform', 'auth', 'accounts', 'incidents', 'alerts'] },
);
