/**
 * Monthly reports: the list of an organisation's reports, a signed link to one's PDF, the PDF behind
 * such a link (public: the signature is the permission), and building the month to date on demand.
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
import { REPORT_FILE_PATH, type MonthlyReportsService } from './monthly-reports.service';

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
          "A short-lived signed link to a monthly report's PDF (`file_url`, a path on this server); `is_downloadable=true` makes it a download",
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

  api.get(
    `${REPORT_FILE_PATH.replace(/^\/api/, '')}/:file_id`,
    {
      config: { public: true },
      schema: {
        tags: ['reports'],
        summary:
          "A monthly report's PDF, through the signed link that organization_monthly_report_pdf_link gave",
        params: z.object({ file_id: z.string().max(200) }),
        // Anything wrong with the link answers "File not found", as a missing file does.
        querystring: z.object({
          expires: z.string().max(20).optional(),
          download: z.string().max(5).optional(),
          signature: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { expires, download, signature } = request.query;
      const file = await service.file(request.params.file_id, {
        expires: Number(expires),
        download: download === '1',
        signature: signature ?? '',
      });
      // A PDF, not a page: the dashboard's Content-Security-Policy would only get in the viewer's way.
      reply.removeHeader('content-security-policy');
      return reply
        .type('application/pdf')
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `${download === '1' ? 'attachment' : 'inline'}; filename="${file.name}"`,
        )
        .send(file.stream);
    },
  );
}
