import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFileStore, isSafeFileName } from './data-file-store';

const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the data file store', () => {
  const store = new DataFileStore(dataDir, 'monthly-reports');

  it('keeps files under DATA_DIR/files/<folder>, whole, and removes them', async () => {
    await store.write('report-a.pdf', Buffer.from('%PDF-1.3 content'));
    expect(readdirSync(path.join(dataDir, 'files', 'monthly-reports'))).toEqual(['report-a.pdf']);
    const file = await store.open('report-a.pdf');
    expect(file?.size).toBe(16);
    expect(await text(file!.stream)).toBe('%PDF-1.3 content');
    await store.remove('report-a.pdf');
    expect(await store.open('report-a.pdf')).toBeNull();
  });

  it('takes only plain names: nothing outside its folder', async () => {
    for (const name of ['../secret', 'a/b.pdf', '..', '.hidden', '', 'x'.repeat(201)])
      expect(isSafeFileName(name), name).toBe(false);
    expect(await store.open('../../pgdata')).toBeNull();
    await expect(store.write('../escape.pdf', Buffer.from('x'))).rejects.toThrow('not a safe file name');
    expect(() => new DataFileStore(dataDir, '../up')).toThrow();
  });
});
