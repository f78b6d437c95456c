/**
 * A saved closure whose streets were left empty gets them from the street geocoder: a job sent with
 * the save, so the save never waits for (or fails with) the geocoder; retried while it fails.
 */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-definition';

export const closureStreetsJob = defineJob('closure-streets', z.object({ closure_id: z.uuid() }), {
  retryLimit: 5,
  retryDelaySeconds: 30,
});
