/**
 * GET /reports/{orgId}/organization_monthly_report_list: the monthly reports of the organisation (and
 * of those it manages). An entry failing the schema is dropped and the rest shown.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { validMonthlyReports, type MonthlyReport } from '@flare/core/schemas/monthly-report';
import { apiFetch, parseResponse } from '../../../lib/api-client';

export async function getMonthlyReports(organizationId: string): Promise<MonthlyReport[]> {
  const body = parseResponse(
    z.array(z.unknown()),
    await apiFetch<unknown>(
      `/reports/${encodeURIComponent(organizationId)}/organization_monthly_report_list`,
    ),
  );
  return validMonthlyReports(body);
}

export const monthlyReportsKey = (organizationId: string) => ['reports', organizationId, 'monthly'] as const;

export const monthlyReportsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: monthlyReportsKey(organizationId),
    queryFn: () => getMonthlyReports(organizationId),
    enabled: organizationId !== '',
  });

export function useMonthlyReports(organizationId: string) {
  return useQuery(monthlyReportsQueryOptions(organizationId));
}
