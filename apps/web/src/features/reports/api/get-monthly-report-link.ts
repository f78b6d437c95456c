/**
 * GET /reports/organization_monthly_report_pdf_link: a short-lived signed link to a report's PDF, asked
 * for at the moment it is opened (`download`: the link saves the file instead of showing it).
 */
import { MonthlyReportLinkSchema } from '@flare/core/schemas/monthly-report';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export async function getMonthlyReportLink(fileId: string, download: boolean): Promise<string> {
  const query = new URLSearchParams({ filename: fileId, ...(download ? { is_downloadable: 'true' } : {}) });
  const { file_url } = parseResponse(
    MonthlyReportLinkSchema,
    await apiFetch<unknown>(`/reports/organization_monthly_report_pdf_link?${query}`),
  );
  return file_url;
}
