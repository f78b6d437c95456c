/**
 * An export's run is a durable job; `short` with the export as singleton key: one waiting at most per
 * export. The run claims the export in the database, so a duplicate finds it taken and does nothing.
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
