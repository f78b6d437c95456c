import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore, isFileId } from './file-store';

const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const dir = path.join(dataDir, 'files');
const store = new FileStore(dir);
beforeAll(() => store.open());

describe('the file store', () => {
  it('removes what a writer that died left behind when it opens', async () => {
    const other = new FileStore(path.join(dataDir, 'other'));
    await other.open();
    writeFileSync(path.join(other.dir, 'kept.csv'), 'a,b\r\n');
    writeFileSync(path.join(other.dir, 'half.csv.1234-1700000000000.part'), 'a,');
    await other.open();
    expect(readdirSync(other.dir)).toEqual(['kept.csv']);
  });

  it('shows a streamed file under its id only once committed', async () => {
    const draft = store.create('export-1.csv');
    draft.stream.write('a,b\r\n');
    expect(await store.exists('export-1.csv')).toBe(false);
    expect(await store.read('export-1.csv')).toBeNull();
    expect(await draft.commit()).toBe(5);
    const file = await store.read('export-1.csv');
    expect(file?.size).toBe(5);
    expect(await text(file!.stream)).toBe('a,b\r\n');
  });

  it('leaves nothing of a discarded draft', async () => {
    const draft = store.create('export-2.csv');
    draft.stream.write('a,b\r\n');
    await draft.discard();
    expect(await store.exists('export-2.csv')).toBe(false);
    expect(readdirSync(dir).filter((name) => name.startsWith('export-2'))).toEqual([]);
  });

  it('writes a whole buffer, replaces nothing half-way, and removes files', async () => {
    const fileId = 'springfield-police-department-monthly-report-2026-10-to-date-0a1b2c3d.pdf';
    expect(await store.write(fileId, Buffer.from('%PDF-1.3 content'))).toBe(16);
    expect(readdirSync(dir)).toContain(fileId);
    expect(readdirSync(dir).some((name) => name.endsWith('.part'))).toBe(false);
    const file = await store.read(fileId);
    expect(file?.size).toBe(16);
    expect(await text(file!.stream)).toBe('%PDF-1.3 content');
    await store.remove(fileId);
    expect(await store.read(fileId)).toBeNull();
    expect(await store.exists(fileId)).toBe(false);
  });

  it("takes the reports' and exports' file ids", () => {
    for (const fileId of [
      'springfield-police-department-monthly-report-2026-10-0a1b2c3d.pdf',
      'organization-monthly-report-2026-01-to-date-ffffffff.pdf',
      '3f2c0d4e-8a1b-4c2d-9e3f-0a1b2c3d4e5f.csv',
    ])
      expect(isFileId(fileId), fileId).toBe(true);
  });

  it('takes only plain names: nothing outside its folder', async () => {
    for (const name of ['../secret', 'a/b.pdf', '..', '.hidden', '', 'a\u0000b.pdf', 'x'.repeat(201)])
      expect(isFileId(name), name).toBe(false);
    expect(await store.read('../../pgdata')).toBeNull();
    writeFileSync(path.join(dataDir, 'outside.csv'), 'a,b\r\n');
    expect(await store.exists('../outside.csv')).toBe(false);
    await store.remove('../outside.csv');
    expect(readdirSync(dataDir)).toContain('outside.csv');
    await expect(store.write('../escape.pdf', Buffer.from('x'))).rejects.toThrow('not a file id');
    expect(() => store.create('a/b.csv')).toThrow('not a file id');
    expect(readdirSync(dataDir)).not.toContain('escape.pdf');
  });
});
