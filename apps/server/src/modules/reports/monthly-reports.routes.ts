/**
 * Monthly reports: the list of an organisation's reports, a signed link to one's PDF (served by the
 * files module's download route), and building the month to date on demand.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MonthlyReportBuildSchema,
  MonthlyReportLinkQuerySchema,
  MonthlyReportLinkSchema,
  MonthlyReportListSchema,
} from '@flare/core/schemas/monthly-report';
import { BEARER, errorResponses } from '../../platform/api-docs';
import { principalOf } from '../../platform/auth-hook';
import type { MonthlyReportsService } from './monthly-reports.service';

const errors = errorResponses(400, 401, 403, 404);

export function registerMonthlyReportsRoutes(app: FastifyInstance, service: MonthlyReportsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/reports/:orgId/organization_monthly_report_list',
    {
      config: { access: 'viewReports' },
      schema: {
        tags: ['reports'],
        summary:
          'The monthly reports of the organisation and of those it manages: file_id, year, month, organization_id, organization_name; the latest month first, then by organisation name',
        security: BEARER,
        params: z.object({ orgId: z.uuid() }),
        response: { 200: MonthlyReportListSchema, ...errors },
      },
    },
    (request) => service.list(principalOf(request), request.params.orgId),
  );

  api.get(
    '/reports/organization_monthly_report_pdf_link',
    {
      config: { access: 'viewReports' },
      schema: {
        tags: ['reports'],
        summary:
          "A short-lived signed link to a monthly report's PDF (`file_url`, a path on this server): it opens in the browser, or with `is_downloadable=true` downloads",
        security: BEARER,
        querystring: MonthlyReportLinkQuerySchema,
        response: { 200: MonthlyReportLinkSchema, ...errors },
      },
    },
    (request) => service.link(principalOf(request), request.query.filename, request.query.is_downloadable),
  );

  api.post(
    '/reports/:orgId/organization_monthly_report',
    {
      config: { access: 'createReport' },
      schema: {
        tags: ['reports'],
        summary:
          "Builds the organisation's report of the current month to date (in the background; it replaces the month's earlier one and appears in the list when ready)",
        security: BEARER,
        params: z.object({ orgId: z.uuid() }),
        response: { 202: MonthlyReportBuildSchema, ...errors },
      },
    },
    async (request, reply) => {
      const build = await service.requestMonthToDate(principalOf(request), request.params.orgId);
      return reply.code(202).send(build);
    },
  );
}
