import { describe, expect, it } from 'vitest';
import { SignedFileLinks, type FileLinkParams } from './signed-file-link';

const links = new SignedFileLinks('a-secret-of-this-installation');
const NOW = Date.parse('2026-11-25T12:00:00Z');

function paramsOf(query: string): FileLinkParams {
  const search = new URLSearchParams(query);
  return {
    expires: Number(search.get('expires')),
    download: search.get('download') === '1',
    signature: search.get('signature') ?? '',
  };
}

describe('signed file links', () => {
  const query = links.sign('report-2026-10.pdf', { download: true, ttlSeconds: 300, now: NOW });
  const params = paramsOf(query);

  it('work for their file until they expire', () => {
    expect(params).toMatchObject({ expires: NOW / 1000 + 300, download: true });
    expect(links.verify('report-2026-10.pdf', params, NOW)).toBe(true);
    expect(links.verify('report-2026-10.pdf', params, NOW + 300_000)).toBe(true);
    expect(links.verify('report-2026-10.pdf', params, NOW + 301_000)).toBe(false);
  });

  it('do not work for another file, another disposition, a later expiry or another key', () => {
    expect(links.verify('report-2026-09.pdf', params, NOW)).toBe(false);
    expect(links.verify('report-2026-10.pdf', { ...params, download: false }, NOW)).toBe(false);
    expect(links.verify('report-2026-10.pdf', { ...params, expires: params.expires + 3600 }, NOW)).toBe(
      false,
    );
    expect(links.verify('report-2026-10.pdf', { ...params, signature: '' }, NOW)).toBe(false);
    expect(new SignedFileLinks('another-key').verify('report-2026-10.pdf', params, NOW)).toBe(false);
    expect(links.verify('report-2026-10.pdf', { ...params, expires: Number.NaN }, NOW)).toBe(false);
  });
});
