/**
 * Closures: their API, the active closures inside the status engine (an asset with an active closure
 * is active), the scheduled starts and ends on the job queue, and the check-ins that bring
 * switched-off automated closures back to standby.
 */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { ActiveClosures } from './active-closures';
import { ClosureCheckIns } from './closure-check-ins';
import { closureScheduleJob } from './closure-schedule.job';
import { ClosuresRepository } from './closures.repository';
import { registerClosuresRoutes } from './closures.routes';
import { ClosuresService } from './closures.service';

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

    const service = new ClosuresService(repository, app.accounts, app.events, app.jobs);
    await app.jobs.work(closureScheduleJob, ({ closure_id, action, at }) =>
      service.applySchedule(closure_id, action, at),
    );
    await app.events.on('thing.states-changed', async ({ cause, states }) => {
      if (cause !== 'report') return;
      for (const thingId of checkIns.backToStandby(states, Date.now())) await service.assetBack(thingId);
    });
    await apiRoutes(app, (api) => registerClosuresRoutes(api, service));
  },
  { name: 'closures', dependencies: ['platform', 'auth', 'accounts', 'telemetry'] },
);
