/**
 * Closures: their API (with each closure's activity history) and the directions service drawing their routes, the active closures inside the
 * status engine (an asset with an active closure is active), the check-ins that bring switched-off
 * automated closures back to standby, the scheduled starts and ends and the naming of their streets on
 * the job queue, the organisation's WZDx feeds, and the external WZDx feeds read into feed closures.
 */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { ActiveClosures } from './active-closures';
import { ClosureCheckIns } from './closure-check-ins';
import { closureScheduleJob } from './closure-schedule.job';
import { ClosureHistoryRepository } from './closure-history.repository';
import { closureStreetsJob } from './closure-streets.job';
import { ClosuresRepository } from './closures.repository';
import { registerClosuresRoutes } from './closures.routes';
import { ClosuresService } from './closures.service';
import { DirectionsClient } from './directions-client';
import { registerDirectionsRoutes } from './directions.routes';
import { registerWzdxFeedRoutes } from './wzdx-feed.routes';
import { wzdxFeedsPollJob } from './wzdx-feeds-poll.job';
import { WzdxIngest } from './wzdx-ingest';
import { WzdxPublisher } from './wzdx-publisher';
import { WzdxRepository } from './wzdx.repository';

export const closuresModule = fp(
  async (app) => {
    const repository = new ClosuresRepository(app.db);
    const active = new ActiveClosures(repository);
    const checkIns = new ClosureCheckIns(repository);
    await Promise.all([active.load(), checkIns.load()]);
    app.thingContext.register(active);
    // Every process's indexes follow every process's changes; the asset's status follows its closures.
    await app.events.on('closure.changed', async ({ thing_id }) => {
      await Promise.all([active.load(), checkIns.load()]);
      if (thing_id) await app.thingStates.reevaluate([thing_id]);
    });

    const service = new ClosuresService(
      repository,
      new ClosureHistoryRepository(app.db),
      app.accounts,
      app.events,
      app.jobs,
      app.streetGeocoder,
    );
    app.alertSources.register(service);
    await app.events.on(
      'closure.changed',
      ({ organization_id }) => app.alertSources.changed([organization_id]),
      { thisProcessOnly: true },
    );
    await app.jobs.work(closureScheduleJob, ({ closure_id, action, at }) =>
      service.applySchedule(closure_id, action, at),
    );
    await app.events.on('thing.states-changed', async ({ cause, states }) => {
      if (cause !== 'report') return;
      for (const thingId of checkIns.backToStandby(states, Date.now())) await service.assetBack(thingId);
    });

    if (app.streetGeocoder)
      await app.jobs.work(closureStreetsJob, ({ closure_id }) => service.nameStreets(closure_id));
    const { directionsUrl } = app.config;
    const directions = directionsUrl ? new DirectionsClient(directionsUrl) : null;
    const wzdx = new WzdxRepository(app.db);
    const publisher = new WzdxPublisher(wzdx);
    await apiRoutes(app, (api) => {
      registerClosuresRoutes(api, service);
      registerDirectionsRoutes(api, directions);
      registerWzdxFeedRoutes(api, publisher, app.feedTokens);
    });
    const { wzdxFeeds, wzdxPollMs, publicUrl } = app.config;
    if (wzdxFeeds.length > 0) {
      const ingest = new WzdxIngest(
        wzdxFeeds,
        wzdx,
        service,
        app.log,
        `Flare/${app.release} (${publicUrl ?? 'self-hosted'})`,
      );
      app.externalFeedReports.push(() => ingest.health());
      await app.jobs.work(wzdxFeedsPollJob, () => ingest.pollAll());
      await app.jobs.every(wzdxFeedsPollJob, wzdxPollMs);
    }
  },
  {
    name: 'closures',
    dependencies: ['platform', 'auth', 'accounts', 'telemetry', 'incidents', 'feeds', 'alerts'],
  },
);
