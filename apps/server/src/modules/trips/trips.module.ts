/** Trips: an asset's runs, derived from its stored points. */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { TripsRepository } from './trips.repository';
import { registerTripsRoutes } from './trips.routes';
import { TripsService } from './trips.service';

declare module 'fastify' {
  interface FastifyInstance {
    trips: TripsService;
  }
}

export const tripsModule = fp(
  async (app) => {
    const trips = new TripsService(new TripsRepository(app.db), app.things);
    app.decorate('trips', trips);
    await apiRoutes(app, (api) => registerTripsRoutes(api, trips));
  },
  { name: 'trips', dependencies: ['platform', 'things'] },
);
