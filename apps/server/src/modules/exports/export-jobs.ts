/**
 * An export's run is a durable job; `short` with the export as singleton key: one waiting at most per
 * export. The run claims the export in the database, so a duplicate finds it taken and does nothing.
 * The sweep sends runs for exports waiting without one (their server stopped before sending, or
 * released them on stopping) and for runs that stopped reporting (their server died).
 */
import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-definition';

export const exportRunJob = defineJob('export-run', z.object({ export_id: z.uuid() }), {
  policy: 'short',
  // A run catches its own failures and ends the export as errored; a dead server's is swept.
  retryLimit: 0,
  // Large exports take minutes; pg-boss must not give up on a live run.
  expireInSeconds: 6 * 3600,
});

export const exportSweepJob = defineJob('export-sweep', z.object({}), {
  policy: 'stately',
  expireInSeconds: 60,
});

/** How often the sweep looks for exports to (re)start. */
export const EXPORT_SWEEP_MS = 10_000;
