/** POST /reports/{orgId}/organization_monthly_report: builds the current month to date in the background. */
import { useMutation } from '@tanstack/react-query';
import { MonthlyReportBuildSchema, type MonthlyReportBuild } from '@flare/core/schemas/monthly-report';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export async function buildMonthlyReport(organizationId: string): Promise<MonthlyReportBuild> {
  return parseResponse(
    MonthlyReportBuildSchema,
    await apiFetch<unknown>(`/reports/${encodeURIComponent(organizationId)}/organization_monthly_report`, {
      method: 'POST',
      body: {},
    }),
  );
}

export function useBuildMonthlyReport() {
  return useMutation({ mutationFn: buildMonthlyReport });
}
