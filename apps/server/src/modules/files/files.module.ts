/**
 * Stored files (exports' CSVs, reports' PDFs) under DATA_DIR/files and their download: a short-lived
 * signed link, made by the module that owns the file once it has checked the caller may have it,
 * opens it without a sign-in (a new tab, a plain download).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@flare/core/messages';
import { FileLinks, FILES_PATH } from '../../platform/files/file-links';
import { FileStore } from '../../platform/files/file-store';
import { notFound } from '../../platform/http-errors';
import { getOrCreateSetting } from '../../platform/settings';

declare module 'fastify' {
  interface FastifyInstance {
    files: { store: FileStore; links: FileLinks };
  }
}

/** How long a download link works. */
const LINK_TTL_MS = 5 * 60_000;

const CONTENT_TYPES: Record<string, string> = {
  '.csv': 'text/csv; charset=utf-8',
  '.pdf': 'application/pdf',
};

/** `attachment` with the name in plain ASCII and in full (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const filesModule = fp(
  async (app) => {
    const store = new FileStore(path.join(app.config.dataDir, 'files'));
    await store.open();
    const key = await getOrCreateSetting(app.db, 'file_link_key', () =>
      randomBytes(32).toString('base64url'),
    );
    const links = new FileLinks(key, LINK_TTL_MS);
    app.decorate('files', { store, links });

    app.withTypeProvider<ZodTypeProvider>().get(
      `${FILES_PATH}/:file_id`,
      {
        config: { public: true },
        schema: {
          tags: ['files'],
          summary:
            'Download a stored file through its signed link (404 "File not found" when missing or expired)',
          params: z.object({ file_id: z.string().max(200) }),
          querystring: z.object({
            expires: z.string().max(20).default(''),
            name: z.string().max(300).default(''),
            signature: z.string().max(100).default(''),
          }),
        },
      },
      async (request, reply) => {
        const { file_id } = request.params;
        if (!links.valid(file_id, request.query)) throw notFound(MESSAGES.fileNotFound);
        const file = await store.read(file_id);
        if (!file) throw notFound(MESSAGES.fileNotFound);
        return reply
          .header('content-type', CONTENT_TYPES[path.extname(file_id)] ?? 'application/octet-stream')
          .header('content-length', String(file.size))
          .header('content-disposition', contentDisposition(request.query.name || file_id))
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
  },
  { name: 'files', dependencies: ['platform'] },
);
