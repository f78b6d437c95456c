/**
 * The export sweep sends runs for exports waiting without one (their server stopped before sending,
 * or released them on stopping) and for runs that stopped reporting (their server died).
 */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-definition';

export const exportSweepJob = defineJob('export-sweep', z.object({}), {
  policy: 'stately',
  expireInSeconds: 60,
});

/** How often the sweep looks for exports to (re)start. */
export const EXPORT_SWEEP_MS = 10_000;
