/**
 * Reports: each organisation's monthly PDF report, built by a durable job shortly after each month
 * ends in its time zone (an hourly check sends the builds) and on demand for the month to date,
 * stored under DATA_DIR/files/monthly-reports and served through short-lived signed links.
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { DataFileStore } from '../../platform/files/data-file-store';
import { SignedFileLinks } from '../../platform/files/signed-file-link';
import { apiRoutes } from '../../platform/platform.plugin';
import { getOrCreateSetting } from '../../platform/settings';
import { DUE_CHECK_MS, monthlyReportBuildJob, monthlyReportsDueJob } from './monthly-report.job';
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
    const secret = await getOrCreateSetting(app.db, 'file_link_secret', () =>
      randomBytes(32).toString('base64url'),
    );
    const service = new MonthlyReportsService(
      new MonthlyReportsRepository(app.db),
      app.accounts,
      app.jobs,
      new DataFileStore(app.config.dataDir, 'monthly-reports'),
      new SignedFileLinks(secret),
    );
    app.decorate('monthlyReports', service);
    await app.jobs.work(monthlyReportBuildJob, (request) => service.build(request));
    await app.jobs.work(monthlyReportsDueJob, async () => void (await service.sendDueBuilds()));
    await app.jobs.every(monthlyReportsDueJob, DUE_CHECK_MS);
    await apiRoutes(app, (api) => registerMonthlyReportsRoutes(api, service));
  },
  { name: 'reports', dependencies: ['platform', 'accounts'] },
);
