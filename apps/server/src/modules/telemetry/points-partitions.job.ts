/**
 * The points' monthly partitions and their retention (points-partitions.ts), hourly: stately, so one
 * pass at a time in one process; a pass may move or delete many rows, so it is given an hour.
 */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-definition';

export const pointsPartitionsJob = defineJob('points-partitions', z.object({}), {
  policy: 'stately',
  expireInSeconds: 3600,
});

export const POINTS_PARTITIONS_INTERVAL_MS = 3_600_000;
