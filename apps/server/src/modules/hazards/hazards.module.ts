/** Hazards: reported by users from the map and by devices through the ingest API, searched and resolved. */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { registerHazardIngestRoutes } from './hazard-ingest.routes';
import { HazardsRepository } from './hazards.repository';
import { registerHazardsRoutes } from './hazards.routes';
import { HazardsService } from './hazards.service';

export const hazardsModule = fp(
  async (app) => {
    const service = new HazardsService(new HazardsRepository(app.db), app.accounts, app.alertSources);
    app.alertSources.register(service);
    await apiRoutes(app, (api) => {
      registerHazardsRoutes(api, service);
      registerHazardIngestRoutes(api, service, app.deviceIdentity, app.config.ingestIpRequestsPerMinute);
    });
  },
  { name: 'hazards', dependencies: ['platform', 'auth', 'accounts', 'telemetry', 'alerts'] },
);
