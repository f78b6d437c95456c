/**
 * Data exports: the API, the runs on the job queue (export-runner.ts) and the sweep that (re)starts
 * exports left waiting or whose server died, writing into the file store.
 */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { exportRunJob } from './export-run.job';
import { EXPORT_SWEEP_MS, exportSweepJob } from './export-sweep.job';
import { ExportRowsRepository } from './export-rows.repository';
import { ExportRunner } from './export-runner';
import { ExportsRepository } from './exports.repository';
import { registerExportsRoutes } from './exports.routes';
import { ExportsService } from './exports.service';

/** Exports run at once in one server process. */
const RUNS_PER_PROCESS = 2;

export const exportsModule = fp(
  async (app) => {
    const repository = new ExportsRepository(app.db);
    const service = new ExportsService(repository, app.accounts, app.events, app.jobs, app.files);
    const staleMs = app.config.exportStaleSeconds * 1000;
    const runner = new ExportRunner(
      repository,
      new ExportRowsRepository(app.database),
      app.files.store,
      async (id) => void (await service.changed(id).catch(() => undefined)),
      app.log,
      { staleMs, reportMs: app.config.exportReportMs },
    );
    // Before the job queue stops (the platform closes last): runs hand their exports back at once.
    app.addHook('onClose', () => runner.stop());
    await app.jobs.work(exportRunJob, ({ export_id }) => runner.run(export_id), {
      concurrency: RUNS_PER_PROCESS,
    });
    await app.jobs.work(exportSweepJob, () => service.sweep(staleMs));
    await app.jobs.every(exportSweepJob, EXPORT_SWEEP_MS);
    await apiRoutes(app, (api) => registerExportsRoutes(api, service));
  },
  { name: 'exports', dependencies: ['platform', 'auth', 'accounts', 'files'] },
);
