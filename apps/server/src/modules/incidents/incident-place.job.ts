/**
 * An incident opened or moved gets its place named (street and nearest saved area) by this job, so
 * ingest and edits never wait for the geocoder; retried while the geocoder fails.
 */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-definition';

export const incidentPlaceJob = defineJob('incident-place', z.object({ incident_id: z.uuid() }), {
  retryLimit: 5,
  retryDelaySeconds: 30,
});
