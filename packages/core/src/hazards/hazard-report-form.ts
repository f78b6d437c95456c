/**
 * The Hazards section's report form: types (at least one, or 'all'), severities, status and a time
 * range (times as the browser's date-time fields give them), checked by the report's rules with `now`
 * read at each check.
 */
import { z } from 'zod';
import { HAZARD_SEVERITY_IDS, HAZARD_STATUS_FILTERS } from '../schemas/hazard';
import { hazardReportProblem } from './hazard-rules';

export function hazardReportFormSchema(now: () => number) {
  return z
    .object({
      types: z.array(z.string()),
      severities: z.array(z.enum(HAZARD_SEVERITY_IDS)),
      status: z.enum(HAZARD_STATUS_FILTERS),
      start: z.string().min(1, 'Required'),
      end: z.string().min(1, 'Required'),
    })
    .superRefine((form, ctx) => {
      const start = Date.parse(form.start);
      const end = Date.parse(form.end);
      const timesRead = !Number.isNaN(start) && !Number.isNaN(end);
      // Unreadable times are "Required" already; the choices are still checked.
      const problem = hazardReportProblem(
        { ...form, start: timesRead ? start : 0, end: timesRead ? end : 1 },
        now(),
      );
      if (problem && (timesRead || problem.field === 'types' || problem.field === 'severities'))
        ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    });
}
export type HazardReportForm = z.infer<ReturnType<typeof hazardReportFormSchema>>;
