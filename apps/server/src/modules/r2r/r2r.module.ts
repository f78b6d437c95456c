/**
 * R2R: alerts between responders, recorded after each committed ingest batch (staged by a context
 * provider), and their search.
 */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { R2rIndex } from './r2r-index';
import { R2rRepository } from './r2r.repository';
import { registerR2rRoutes } from './r2r.routes';
import { R2rService } from './r2r.service';

export const r2rModule = fp(
  async (app) => {
    const repository = new R2rRepository(app.db);
    const index = new R2rIndex(repository, app.config.r2rAlertDistanceM);
    await index.load();
    await app.events.on('thing.changed', ({ thing }) => index.thingChanged(thing));
    await app.events.on('thing.states-changed', ({ states }) => index.statesChanged(states));
    app.thingContext.register(index);
    const service = new R2rService(repository, app.things);
    await apiRoutes(app, (api) => registerR2rRoutes(api, service));
  },
  { name: 'r2r', dependencies: ['platform', 'auth', 'telemetry', 'things'] },
);
