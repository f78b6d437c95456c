/** The recurring check that releases assets gone silent on scene: stately, one pass at a time. */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-definition';

export const incidentsSweepJob = defineJob('incidents-sweep', z.object({}), {
  policy: 'stately',
  expireInSeconds: 60,
});

/** How often assets on scene are checked for silence. */
export const INCIDENTS_SWEEP_MS = 60_000;
