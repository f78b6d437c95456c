/**
 * The hourly check that sends the build of each organisation's last month once it is over in the
 * organisation's time zone.
 */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-definition';

export const monthlyReportsDueJob = defineJob('monthly-reports-due', z.object({}), {
  policy: 'stately',
  retryLimit: 0,
  expireInSeconds: 120,
});

/** How often the check runs (the longest interval the job queue repeats at). */
export const DUE_CHECK_MS = 3_600_000;
