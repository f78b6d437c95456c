/**
 * Incidents (events): detection inside the ingest pipeline (a context provider), the locations API,
 * and the sweep that releases assets gone silent on scene.
 */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { incidentPlaceJob } from './incident-place.job';
import { IncidentsRepository } from './incidents.repository';
import { IncidentsService } from './incidents.service';
import { INCIDENTS_SWEEP_MS, incidentsSweepJob } from './incidents-sweep.job';
import { registerIncidentsRoutes } from './incidents.routes';
import { SceneTracker } from './scene-tracker';
import { registerWazeFeedRoutes } from './waze-feed.routes';

declare module 'fastify' {
  interface FastifyInstance {
    incidents: IncidentsService;
  }
}

export const incidentsModule = fp(
  async (app) => {
    const repository = new IncidentsRepository(app.db);
    const geocoder = app.streetGeocoder;
    const incidents = new IncidentsService(repository, app.accounts, app.thingStates, app.events, {
      request: (incidentId) =>
        app.jobs.send(incidentPlaceJob, { incident_id: incidentId }, { singletonKey: incidentId }),
      streetAt: geocoder && ((lat, lng) => geocoder.streetAt(lat, lng)),
      nearArea: (organizationId, position) => app.areas.nearestArea(organizationId, position),
    });
    const tracker = new SceneTracker(repository, {
      publish: (ids) => incidents.publish(ids),
      opened: (id) => incidents.requestPlace(id),
    });
    await tracker.load();
    // Every process's detection knows every process's incidents.
    await app.events.on('incident.changed', ({ location }) => tracker.remember(location));
    app.thingContext.register(tracker);
    app.decorate('incidents', incidents);
    app.alertSources.register(incidents);
    await app.events.on(
      'incident.changed',
      ({ location }) => app.alertSources.changed([location.organization_id]),
      { thisProcessOnly: true },
    );

    await app.events.on(
      'thing.changed',
      async ({ thing }) => {
        if (!thing.in_service || !thing.is_active) await incidents.releaseThing(thing.id);
      },
      { thisProcessOnly: true },
    );
    await app.jobs.work(incidentPlaceJob, ({ incident_id }) => incidents.namePlace(incident_id));
    await app.jobs.work(incidentsSweepJob, async () => void (await incidents.releaseSilent()));
    if (app.config.statusSweepMs > 0) await app.jobs.every(incidentsSweepJob, INCIDENTS_SWEEP_MS);

    await apiRoutes(app, (api) => {
      registerIncidentsRoutes(api, incidents);
      registerWazeFeedRoutes(api, incidents, app.feedTokens);
    });
  },
  {
    name: 'incidents',
    dependencies: ['platform', 'auth', 'accounts', 'telemetry', 'areas', 'feeds', 'alerts'],
  },
);
