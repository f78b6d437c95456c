import { describe, expect, it } from 'vitest';
import { FileLinks, FILES_PATH, type FileLinkQuery } from './file-links';

const links = new FileLinks('a-key-of-this-installation', 300_000);
const NOW = Date.parse('2026-11-25T12:00:00Z');
const FILE = 'springfield-police-department-monthly-report-2026-10-0a1b2c3d.pdf';
const NAME = 'springfield-police-department-monthly-report-2026-10.pdf';

function queryOf(link: string): FileLinkQuery {
  const search = new URL(link, 'http://flare.test').searchParams;
  return {
    expires: search.get('expires') ?? '',
    disposition: search.get('disposition') ?? '',
    name: search.get('name') ?? '',
    signature: search.get('signature') ?? '',
  };
}

describe('file links', () => {
  const link = links.link(FILE, NAME, { disposition: 'inline', now: NOW });
  const query = queryOf(link);

  it('name the file, how it opens, its download name and when they expire', () => {
    expect(new URL(link, 'http://flare.test').pathname).toBe(`${FILES_PATH}/${FILE}`);
    expect(query).toMatchObject({ expires: String(NOW / 1000 + 300), disposition: 'inline', name: NAME });
    expect(queryOf(links.link(FILE, NAME, { now: NOW })).disposition).toBe('attachment');
  });

  it('work for their file until they expire', () => {
    expect(links.valid(FILE, query, NOW)).toBe(true);
    expect(links.valid(FILE, query, NOW + 300_000)).toBe(true);
    expect(links.valid(FILE, query, NOW + 301_000)).toBe(false);
    // Never longer than the ttl, whatever the millisecond they were made at.
    const late = queryOf(links.link(FILE, NAME, { now: NOW + 999 }));
    expect(Number(late.expires) * 1000).toBeLessThanOrEqual(NOW + 999 + 300_000);
  });

  it('do not work for another file, name, disposition, a later expiry or another key', () => {
    expect(links.valid('report-2026-09.pdf', query, NOW)).toBe(false);
    expect(links.valid(FILE, { ...query, name: 'other.pdf' }, NOW)).toBe(false);
    expect(links.valid(FILE, { ...query, disposition: 'attachment' }, NOW)).toBe(false);
    expect(links.valid(FILE, { ...query, disposition: 'other' }, NOW)).toBe(false);
    expect(links.valid(FILE, { ...query, disposition: '' }, NOW)).toBe(false);
    expect(links.valid(FILE, { ...query, expires: String(Number(query.expires) + 3600) }, NOW)).toBe(false);
    expect(links.valid(FILE, { ...query, expires: `${query.expires}.0` }, NOW)).toBe(false);
    expect(links.valid(FILE, { ...query, expires: '' }, NOW)).toBe(false);
    expect(links.valid(FILE, { ...query, signature: '' }, NOW)).toBe(false);
    expect(links.valid(FILE, { ...query, signature: `${query.signature}x` }, NOW)).toBe(false);
    expect(new FileLinks('another-key', 300_000).valid(FILE, query, NOW)).toBe(false);
  });
});
