/** The exports API: the list, asking for an export, deleting one's own, and the link to its file. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ExportFileLinkSchema,
  ExportInputSchema,
  ExportSchema,
  ExportsQuerySchema,
} from '@flare/core/schemas/export';
import { BEARER, errorResponses } from '../../platform/api-docs';
import { principalOf } from '../../platform/auth-hook';
import type { ExportsService } from './exports.service';

const errors = errorResponses(400, 401, 403, 404, 422);
const PATH = '/organization/export';

export function registerExportsRoutes(app: FastifyInstance, service: ExportsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    PATH,
    {
      config: { access: 'viewExports' },
      schema: {
        tags: ['exports'],
        summary: 'Exports of the given organisations (default: your own), newest first',
        security: BEARER,
        querystring: ExportsQuerySchema,
        response: { 200: z.array(ExportSchema), ...errors },
      },
    },
    (request) => service.list(principalOf(request), request.query['org_ids[]']),
  );

  api.post(
    PATH,
    {
      config: { access: 'createExport' },
      schema: {
        tags: ['exports'],
        summary:
          'Ask for a CSV export (incident, point, thing or closure): it is requested, then in progress, then completed or errored',
        security: BEARER,
        body: ExportInputSchema,
        response: { 201: ExportSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(principalOf(request), request.body)),
  );

  api.delete(
    `${PATH}/:id`,
    {
      config: { access: 'deleteExport' },
      schema: {
        tags: ['exports'],
        summary:
          'Delete an export and its file (only the user who asked for it: "Only the export creator can delete")',
        security: BEARER,
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ id: z.string() }), ...errors },
      },
    },
    (request) => service.delete(principalOf(request), request.params.id),
  );

  api.get(
    `${PATH}/file/:file_id`,
    {
      config: { access: 'viewExports' },
      schema: {
        tags: ['exports'],
        summary: 'A short-lived signed link to a completed export\'s file (404 "File not found")',
        security: BEARER,
        params: z.object({ file_id: z.string().max(200) }),
        response: { 200: ExportFileLinkSchema, ...errors },
      },
    },
    (request) => service.fileLink(principalOf(request), request.params.file_id),
  );
}
