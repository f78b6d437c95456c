/** Monthly reports on the wire: the list, the signed link to a report's PDF, and building one on demand. */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { REPORT_RULES } from '../reports/monthly-figures';

export const MONTHLY_REPORT_MESSAGES = {
  /** No such report for the caller, or its link is wrong or has expired. */
  fileNotFound: MESSAGES.fileNotFound,
  building: 'The report is being built. It appears in the list when ready.',
} as const;

export const MonthlyReportSchema = z.object({
  file_id: z.string().min(5).endsWith('.pdf'),
  year: z.number().int().min(REPORT_RULES.firstYear),
  month: z.number().int().min(1).max(12),
  organization_id: z.uuid(),
  organization_name: z.string(),
});
export type MonthlyReport = z.infer<typeof MonthlyReportSchema>;

export const MonthlyReportListSchema = z.array(MonthlyReportSchema);

/** A list as received: entries failing the schema are dropped, the rest kept. */
export function validMonthlyReports(entries: readonly unknown[]): MonthlyReport[] {
  return entries.flatMap((entry) => {
    const parsed = MonthlyReportSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export const MonthlyReportLinkQuerySchema = z.object({
  filename: z.string().min(1).max(200),
  /** `true`: the link downloads the file (otherwise it opens in the browser). */
  is_downloadable: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const MonthlyReportLinkSchema = z.object({
  /** A path on this server (signed, short-lived) that serves the PDF. */
  file_url: z.string(),
});
export type MonthlyReportLink = z.infer<typeof MonthlyReportLinkSchema>;

/** POST /reports/{orgId}/organization_monthly_report: the current month to date is being built. */
export const MonthlyReportBuildSchema = z.object({
  organization_id: z.uuid(),
  year: z.number().int(),
  month: z.number().int(),
  message: z.string(),
});
export type MonthlyReportBuild = z.infer<typeof MonthlyReportBuildSchema>;
