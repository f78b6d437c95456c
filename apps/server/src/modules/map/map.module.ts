/** The map's configuration and its three-word addresses. */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { registerMapRoutes } from './map.routes';
import { MapService } from './map.service';

export const mapModule = fp(
  async (app) => {
    const service = new MapService(app.config, app.log);
    await apiRoutes(app, (api) => registerMapRoutes(api, service));
  },
  { name: 'map', dependencies: ['platform', 'auth'] },
);
