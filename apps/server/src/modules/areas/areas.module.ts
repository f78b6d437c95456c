/**
 * Areas: the exclusion-zone API, and stations inside the ingest pipeline (a context provider that
 * tells which station area a reported position lies in).
 */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { AreasRepository } from './areas.repository';
import { registerAreasRoutes } from './areas.routes';
import { AreasService } from './areas.service';
import { StationIndex } from './station-index';

declare module 'fastify' {
  interface FastifyInstance {
    areas: AreasService;
  }
}

export const areasModule = fp(
  async (app) => {
    const repository = new AreasRepository(app.db);
    const stations = new StationIndex(repository);
    await stations.load();
    // Every process's index follows every process's changes.
    await app.events.on('area.changed', ({ organization_id }) => stations.reload(organization_id));
    app.thingContext.register(stations);

    const service = new AreasService(repository, app.accounts, app.events);
    app.decorate('areas', service);
    await apiRoutes(app, (api) => registerAreasRoutes(api, service));
  },
  { name: 'areas', dependencies: ['platform', 'auth', 'accounts', 'telemetry'] },
);
