/**
 * Every ALERTS_SWEEP_MS the motorist alerts are reconciled again for every organisation with alerts
 * (alerts that end with time: a responder gone quiet, a zone's expiry, a hazard's day) and changes
 * older than the two hours a stream can resume are forgotten, with partners' connections a stopped
 * process left behind.
 */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-definition';

export const ALERTS_SWEEP_MS = 10_000;

export const alertsSweepJob = defineJob('alerts-sweep', z.object({}), {
  policy: 'stately',
  expireInSeconds: 60,
});
