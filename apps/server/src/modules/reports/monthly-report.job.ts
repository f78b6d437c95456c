/**
 * The monthly report's jobs: building one organisation's report of a month (at most one waiting per
 * organisation and month), and the hourly check that sends the build of each organisation's last
 * month once it is over in the organisation's time zone.
 */
import { z } from 'zod';
import { REPORT_RULES } from '@flare/core/reports/monthly-figures';
import { defineJob } from '../../platform/jobs/job-definition';

export const monthlyReportBuildJob = defineJob(
  'monthly-report-build',
  z.object({
    organization_id: z.uuid(),
    year: z.number().int().min(REPORT_RULES.firstYear),
    month: z.number().int().min(1).max(12),
    /** Who asked for it; null for the monthly run. */
    requested_by: z.uuid().nullable(),
  }),
  { policy: 'short', retryDelaySeconds: 60, expireInSeconds: 900 },
);

/** The singleton key of a build: one waiting per organisation and month. */
export const buildKey = (organizationId: string, year: number, month: number) =>
  `${organizationId}:${year}-${month}`;

export const monthlyReportsDueJob = defineJob('monthly-reports-due', z.object({}), {
  policy: 'stately',
  retryLimit: 0,
  expireInSeconds: 120,
});

/** How often the check runs (the longest interval the job queue repeats at). */
export const DUE_CHECK_MS = 3_600_000;
