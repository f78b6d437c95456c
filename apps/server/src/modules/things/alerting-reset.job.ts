/** Alerting turned off on an asset turns itself back on after an hour: a durable job per turn-off. */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-definition';

export const alertingResetJob = defineJob(
  'alerting-reset',
  z.object({ thing_id: z.uuid(), off_at: z.iso.datetime() }),
  { retryDelaySeconds: 5 },
);
