/**
 * Short-lived signed links to stored files: the link names the file, whether the browser shows it
 * (`inline`) or saves it (`attachment`), the name to save it under and when it expires, signed with the
 * install's key (HMAC-SHA256, kept in the database so every server process accepts every other's
 * links). The download itself needs no sign-in and works in a new tab. A changed or expired link is
 * refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const FILES_PATH = '/api/files';

export const FILE_DISPOSITIONS = ['attachment', 'inline'] as const;
export type FileDisposition = (typeof FILE_DISPOSITIONS)[number];

export const isFileDisposition = (value: string): value is FileDisposition =>
  (FILE_DISPOSITIONS as readonly string[]).includes(value);

/** A link's query as received: any of it may have been changed. */
export interface FileLinkQuery {
  expires: string;
  disposition: string;
  name: string;
  signature: string;
}

export interface FileLinkOptions {
  /** `inline`: the browser shows the file; `attachment` (the default): it saves it. */
  disposition?: FileDisposition;
  now?: number;
}

export class FileLinks {
  constructor(
    private readonly key: string,
    /** How long a link works. */
    readonly ttlMs: number,
  ) {}

  /** The path (with its query) of a link to the file, saved as `name`, working for `ttlMs` from `now`. */
  link(fileId: string, name: string, options: FileLinkOptions = {}): string {
    const { disposition = 'attachment', now = Date.now() } = options;
    // Rounded down: a link never works longer than the ttl.
    const expires = String(Math.floor((now + this.ttlMs) / 1000));
    const query = new URLSearchParams({
      expires,
      disposition,
      name,
      signature: this.sign(fileId, expires, disposition, name),
    });
    return `${FILES_PATH}/${encodeURIComponent(fileId)}?${query.toString()}`;
  }

  /** Whether the link is one this install made, for this file, and still works at `now`. */
  valid(fileId: string, query: FileLinkQuery, now = Date.now()): boolean {
    const expires = Number(query.expires);
    if (!/^\d+$/.test(query.expires) || expires * 1000 < now || !isFileDisposition(query.disposition))
      return false;
    const expected = Buffer.from(this.sign(fileId, query.expires, query.disposition, query.name));
    const given = Buffer.from(query.signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(fileId: string, expires: string, disposition: FileDisposition, name: string): string {
    // The name last: the only part that may hold a line break.
    return createHmac('sha256', this.key)
      .update(`${fileId}\n${expires}\n${disposition}\n${name}`)
      .digest('base64url');
  }
}
