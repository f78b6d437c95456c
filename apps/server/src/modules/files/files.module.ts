/**
 * Stored files (exports' CSVs, reports' PDFs) under DATA_DIR/files, or in the S3-compatible bucket of
 * S3_URL, and their download: a short-lived
 * signed link, made by the module that owns the file once it has checked the caller may have it,
 * opens it without a sign-in (a new tab, a plain download).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@flare/core/messages';
import {
  FileLinks,
  FILES_PATH,
  isFileDisposition,
  type FileDisposition,
} from '../../platform/files/file-links';
import type { FileStore } from '../../platform/files/file-store';
import { LocalFileStore } from '../../platform/files/local-file-store';
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

/** Shown or saved, with the name in plain ASCII and in full (RFC 6266). */
function contentDisposition(disposition: FileDisposition, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const filesModule = fp(
  async (app) => {
    // The S3 client loads only where a bucket is configured: most servers never need it.
    const store: FileStore = app.config.s3
      ? new (await import('../../platform/files/s3-file-store')).S3FileStore(app.config.s3)
      : new LocalFileStore(path.join(app.config.dataDir, 'files'));
    await store.open();
    app.addHook('onClose', () => store.close());
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
            'A stored file (an export, a monthly report) through its signed link, shown (`inline`) or saved (`attachment`) as the link says; 404 "File not found" when the file is missing or the link changed or expired',
          params: z.object({ file_id: z.string().max(200) }),
          querystring: z.object({
            // Not required: a link missing a part answers "File not found", as a missing file does.
            expires: z.string().max(20).default(''),
            disposition: z.string().max(20).default(''),
            name: z.string().max(300).default(''),
            signature: z.string().max(100).default(''),
          }),
        },
      },
      async (request, reply) => {
        const { file_id } = request.params;
        const { disposition, name } = request.query;
        if (!links.valid(file_id, request.query) || !isFileDisposition(disposition))
          throw notFound(MESSAGES.fileNotFound);
        const file = await store.read(file_id);
        if (!file) throw notFound(MESSAGES.fileNotFound);
        const contentType = CONTENT_TYPES[path.extname(file_id)] ?? 'application/octet-stream';
        // Shown in the browser's own PDF viewer, which the dashboard's Content-Security-Policy (meant
        // for its pages: `object-src 'none'`, `default-src 'self'`) would block; a PDF runs none of
        // our scripts, so there is nothing for it to protect.
        if (disposition === 'inline' && contentType === 'application/pdf')
          reply.removeHeader('content-security-policy');
        return reply
          .header('content-type', contentType)
          .header('content-length', String(file.size))
          .header('content-disposition', contentDisposition(disposition, name || file_id))
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
  },
  { name: 'files', dependencies: ['platform'] },
);
