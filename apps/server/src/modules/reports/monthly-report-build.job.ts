/** Building one organisation's monthly report of a month: at most one waiting per organisation and month. */
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
