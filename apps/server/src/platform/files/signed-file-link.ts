/**
 * Short-lived signed links to stored files: the link itself is the permission (it is opened in a new
 * tab or by a download, which carry no bearer token). The signature (HMAC-SHA256 with a key kept in
 * the database, so every server process accepts every other's links) covers the file, whether it
 * downloads, and the expiry.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface FileLinkParams {
  expires: number;
  download: boolean;
  signature: string;
}

export class SignedFileLinks {
  constructor(private readonly secret: string) {}

  private signatureOf(fileId: string, expires: number, download: boolean): string {
    return createHmac('sha256', this.secret)
      .update(`${fileId}\n${expires}\n${download ? 'download' : 'inline'}`)
      .digest('base64url');
  }

  /** The query string (without `?`) that lets `fileId` be fetched for `ttlSeconds` from `now`. */
  sign(fileId: string, options: { download: boolean; ttlSeconds: number; now?: number }): string {
    const expires = Math.floor((options.now ?? Date.now()) / 1000) + options.ttlSeconds;
    const query = new URLSearchParams({
      expires: String(expires),
      ...(options.download ? { download: '1' } : {}),
      signature: this.signatureOf(fileId, expires, options.download),
    });
    return query.toString();
  }

  /** Whether the link's parameters were signed for this file and have not expired. */
  verify(fileId: string, params: FileLinkParams, now = Date.now()): boolean {
    if (!Number.isInteger(params.expires) || params.expires * 1000 < now) return false;
    const expected = Buffer.from(this.signatureOf(fileId, params.expires, params.download));
    const given = Buffer.from(params.signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
