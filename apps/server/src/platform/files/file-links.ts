/**
 * Short-lived signed links to stored files: the link names the file, the name to download it under
 * and when it expires, signed with the install's key (HMAC-SHA256), so the download itself needs no
 * sign-in and works in a new tab. A changed or expired link is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const FILES_PATH = '/api/files';

export interface FileLinkQuery {
  expires: string;
  name: string;
  signature: string;
}

export class FileLinks {
  constructor(
    private readonly key: string,
    /** How long a link works. */
    readonly ttlMs: number,
  ) {}

  /** The path (with its query) of a link to the file, downloaded as `name`, working `ttlMs` from `now`. */
  link(fileId: string, name: string, now = Date.now()): string {
    const expires = String(Math.ceil((now + this.ttlMs) / 1000));
    const query = new URLSearchParams({ expires, name, signature: this.sign(fileId, expires, name) });
    return `${FILES_PATH}/${encodeURIComponent(fileId)}?${query.toString()}`;
  }

  /** Whether the link is one this install made, for this file, and still works at `now`. */
  valid(fileId: string, query: FileLinkQuery, now = Date.now()): boolean {
    const expires = Number(query.expires);
    if (!Number.isInteger(expires) || expires * 1000 < now) return false;
    const expected = Buffer.from(this.sign(fileId, query.expires, query.name));
    const given = Buffer.from(query.signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(fileId: string, expires: string, name: string): string {
    return createHmac('sha256', this.key).update(`${fileId}\n${expires}\n${name}`).digest('base64url');
  }
}
