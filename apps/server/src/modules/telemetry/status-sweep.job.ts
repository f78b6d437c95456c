/**
 * The status sweep's recurring job: stately, so one pass at a time in one process; a pass that hangs
 * is given up after a minute.
 */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-definition';

export const statusSweepJob = defineJob('status-sweep', z.object({}), {
  policy: 'stately',
  expireInSeconds: 60,
});
