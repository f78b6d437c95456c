/** Reading the external WZDx feeds: a recurring job, stately, so one pass at a time in one process. */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-definition';

export const wzdxFeedsPollJob = defineJob('wzdx-feeds-poll', z.object({}), {
  policy: 'stately',
  expireInSeconds: 600,
});
