/**
 * Reports: each organisation's monthly PDF report, built by a durable job shortly after each month
 * ends in its time zone (an hourly check sends the builds) and on demand for the month to date,
 * kept in the file store (the files module) and served through its short-lived signed links.
 */
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { monthlyReportBuildJob } from './monthly-report-build.job';
import { DUE_CHECK_MS, monthlyReportsDueJob } from './monthly-reports-due.job';
import { MonthlyReportsRepository } from './monthly-reports.repository';
import { registerMonthlyReportsRoutes } from './monthly-reports.routes';
import { MonthlyReportsService } from './monthly-reports.service';

declare module 'fastify' {
  interface FastifyInstance {
    monthlyReports: MonthlyReportsService;
  }
}

export const reportsModule = fp(
  async (app) => {
    const service = new MonthlyReportsService(
      new MonthlyReportsRepository(app.db),
      app.accounts,
      app.jobs,
      app.files,
    );
    app.decorate('monthlyReports', service);
    await app.jobs.work(monthlyReportBuildJob, (request) => service.build(request));
    await app.jobs.work(monthlyReportsDueJob, async () => void (await service.sendDueBuilds()));
    await app.jobs.every(monthlyReportsDueJob, DUE_CHECK_MS);
    await apiRoutes(app, (api) => registerMonthlyReportsRoutes(api, service));
  },
  { name: 'reports', dependencies: ['platform', 'accounts', 'files'] },
);
