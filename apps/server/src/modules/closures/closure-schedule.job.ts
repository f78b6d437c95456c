/**
 * A scheduled closure switches itself on at its start and off at its end: a durable job per time,
 * sent with the closure's save, that survives restarts. A job whose closure's times have changed
 * since does nothing (the save sent new ones).
 */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-definition';

export const closureScheduleJob = defineJob(
  'closure-schedule',
  z.object({ closure_id: z.uuid(), action: z.enum(['activate', 'deactivate']), at: z.iso.datetime() }),
  { retryDelaySeconds: 5 },
);
