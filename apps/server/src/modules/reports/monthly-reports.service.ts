/**
 * Monthly reports: who may list and fetch them, building one (the monthly run and on demand for the
 * month to date), and the check that sends each organisation's last month's build once it is over.
 */
import { randomBytes } from 'node:crypto';
import { eventsLabel } from '@flare/core/labels';
import { MESSAGES } from '@flare/core/messages';
import {
  isMonthToDate,
  monthlyFigures,
  REPORT_RULES,
  reportWindow,
  type ReportWindow,
} from '@flare/core/reports/monthly-figures';
import { monthOf, monthPeriod, previousMonth, type YearMonth } from '@flare/core/reports/report-period';
import {
  MONTHLY_REPORT_MESSAGES,
  type MonthlyReport,
  type MonthlyReportBuild,
  type MonthlyReportLink,
} from '@flare/core/schemas/monthly-report';
import type { Principal } from '../../platform/auth-hook';
import type { FileLinks } from '../../platform/files/file-links';
import { isFileId, type FileStore } from '../../platform/files/file-store';
import { notFound } from '../../platform/http-errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { AccountsService } from '../accounts/accounts.service';
import { buildKey, monthlyReportBuildJob } from './monthly-report-build.job';
import type {
  MonthlyReportsRepository,
  ReportOrganization,
  StoredReport,
} from './monthly-reports.repository';

export interface BuildRequest extends YearMonth {
  organization_id: string;
  requested_by: string | null;
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '') || 'organization';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** `{organisation}-monthly-report-{yyyy}-{mm}[-to-date]`: the file's name before its unique part. */
function reportBaseName(organizationName: string, window: ReportWindow): string {
  const { year, month } = window.period;
  return `${slugOf(organizationName)}-monthly-report-${year}-${twoDigits(month)}${isMonthToDate(window) ? '-to-date' : ''}`;
}

/**
 * The stored file's id ends in a random part, so a replaced report's links (to its removed file) stop
 * working rather than open the new one.
 */
const UNIQUE_SUFFIX = /-[0-9a-f]{8}\.pdf$/;

const toMonthlyReport = (row: StoredReport): MonthlyReport => ({
  file_id: row.file_id,
  year: row.year,
  month: row.month,
  organization_id: row.organization_id,
  organization_name: row.organization_name,
});

export class MonthlyReportsService {
  constructor(
    private readonly repository: MonthlyReportsRepository,
    private readonly accounts: AccountsService,
    private readonly jobs: JobQueue,
    private readonly files: { store: FileStore; links: FileLinks },
  ) {}

  /**
   * The reports of the organisation and of those it manages (as far as the caller may see them),
   * the latest month first, then by organisation name.
   */
  async list(principal: Principal, organizationId: string): Promise<MonthlyReport[]> {
    const visible = await this.accounts.visibleOrganizationIds(principal);
    if (visible !== null && !visible.includes(organizationId)) throw notFound(MESSAGES.organizationNotFound);
    const managed = await this.accounts.managedBy(organizationId);
    const ids = [organizationId, ...managed.filter((id) => visible === null || visible.includes(id))];
    return (await this.repository.list(ids)).map(toMonthlyReport);
  }

  /**
   * A short-lived signed link to the report's PDF, shown in the browser or (`download`) saved under
   * its name without the unique part; "File not found" for a report the caller may not see, or none.
   */
  async link(principal: Principal, fileId: string, download: boolean): Promise<MonthlyReportLink> {
    // Not a file id (a path, a NUL): no such report, and the database is not asked.
    const report = isFileId(fileId) ? await this.repository.findByFileId(fileId) : null;
    if (!report || !(await this.accounts.canSeeOrganization(principal, report.organization_id)))
      throw notFound(MONTHLY_REPORT_MESSAGES.fileNotFound);
    const name = fileId.replace(UNIQUE_SUFFIX, '.pdf');
    return {
      file_url: this.files.links.link(fileId, name, { disposition: download ? 'attachment' : 'inline' }),
    };
  }

  /** Sends the build of the organisation's current month to date (one waits at most per month). */
  async requestMonthToDate(principal: Principal, organizationId: string): Promise<MonthlyReportBuild> {
    const managed = await this.accounts.managedOrganizationIds(principal);
    const organization = await this.repository.organization(organizationId);
    if (!organization || (managed !== null && !managed.includes(organizationId)))
      throw notFound(MESSAGES.organizationNotFound);
    const { year, month } = monthOf(Date.now(), organization.timezone);
    await this.sendBuild({ organization_id: organizationId, year, month, requested_by: principal.userId });
    return { organization_id: organizationId, year, month, message: MONTHLY_REPORT_MESSAGES.building };
  }

  /**
   * The build job: the organisation's report of the month, up to the month's end or, while the
   * month runs, to now; it replaces the month's earlier report and its file.
   */
  async build(request: BuildRequest, now = Date.now()): Promise<void> {
    const organization = await this.repository.organization(request.organization_id);
    if (!organization) return; // deleted since
    const period = monthPeriod(request, organization.timezone);
    if (now <= period.start) return;
    const window = reportWindow(period, now);
    const figures = monthlyFigures(await this.repository.inputs(organization.id, window), window);
    // Loaded on the first build: the PDF and chart libraries take seconds to load, not worth a start-up.
    const { renderMonthlyReportPdf } = await import('./monthly-report-pdf');
    const pdf = await renderMonthlyReportPdf({
      organizationName: organization.name,
      eventsLabel: eventsLabel(organization.responders_type),
      window,
      generatedAt: now,
      figures,
    });
    const fileId = `${reportBaseName(organization.name, window)}-${randomBytes(4).toString('hex')}.pdf`;
    await this.files.store.write(fileId, pdf);
    let replaced: string | null;
    try {
      replaced = await this.repository.save({
        organization_id: organization.id,
        year: period.year,
        month: period.month,
        file_id: fileId,
        period_start: new Date(period.start),
        period_end: new Date(window.until),
        time_zone: period.timeZone,
        generated_at: new Date(now),
        requested_by: request.requested_by,
      });
    } catch (error) {
      await this.files.store.remove(fileId);
      throw error;
    }
    if (replaced && replaced !== fileId) await this.files.store.remove(replaced);
  }

  /**
   * The hourly check: each organisation's last month, once it has been over for the build delay
   * (late uploads arrive first), is built unless a report built after that exists. A month missed
   * while no server ran is built at the next check; organisations created after the month are skipped.
   */
  async sendDueBuilds(now = Date.now()): Promise<number> {
    let sent = 0;
    for (const organization of await this.repository.organizations()) {
      const last = previousMonth(monthOf(now, organization.timezone));
      const period = monthPeriod(last, organization.timezone);
      const dueAt = period.end + REPORT_RULES.buildDelayMs;
      if (now < dueAt || organization.created_at.getTime() >= period.end) continue;
      const existing = await this.repository.find(organization.id, last.year, last.month);
      if (existing && existing.generated_at.getTime() >= dueAt) continue;
      if (await this.sendBuild(buildOf(organization, last))) sent += 1;
    }
    return sent;
  }

  private sendBuild(request: BuildRequest): Promise<string | null> {
    return this.jobs.send(monthlyReportBuildJob, request, {
      singletonKey: buildKey(request.organization_id, request.year, request.month),
    });
  }
}

const buildOf = (organization: ReportOrganization, month: YearMonth): BuildRequest => ({
  organization_id: organization.id,
  year: month.year,
  month: month.month,
  requested_by: null,
});
