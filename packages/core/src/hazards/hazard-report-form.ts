/**
 * The Hazards section's report form: types (at least one, or 'all'), severities, status and a time
 * range (times as the date-time fields give them, wall times of the organisation's zone), checked by the
 * report's rules with `now` and the zone read at each check.
 */
import { z } from 'zod';
import { fromWallTimeInput } from '../time/zoned-time';
import { HAZARD_SEVERITY_IDS, HAZARD_STATUS_FILTERS } from '../schemas/hazard';
import { hazardReportProblem } from './hazard-rules';

export function hazardReportFormSchema(now: () => number, timeZone: () => string) {
  return z
    .object({
      types: z.array(z.string()),
      severities: z.array(z.enum(HAZARD_SEVERITY_IDS)),
      status: z.enum(HAZARD_STATUS_FILTERS),
      start: z.string().min(1, 'Required'),
      end: z.string().min(1, 'Required'),
    })
    .superRefine((form, ctx) => {
      const start = fromWallTimeInput(form.start, timeZone());
      const end = fromWallTimeInput(form.end, timeZone());
      const timesRead = start !== null && end !== null;
      // Unreadable times are "Required" already; the choices are still checked.
      const problem = hazardReportProblem({ ...form, start: start ?? 0, end: timesRead ? end : 1 }, now());
      if (problem && (timesRead || problem.field === 'types' || problem.field === 'severities'))
        ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    });
}
export type HazardReportForm = z.infer<ReturnType<typeof hazardReportFormSchema>>;
