/**
 * The file store's contract, run against both stores: the local folder and an S3-compatible bucket
 * (s3rver in this process, or the server of TEST_S3_URL). Then what only one of them does: the folder
 * clears what dead writers left and never reaches outside itself; the bucket streams large files in
 * parts and names why it cannot store a file.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../../../test/test-bucket';
import { loadConfig } from '../../config';
import { isFileId, StorageError, type FileStore } from './file-store';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';

const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-files-'));
let bucket: TestBucket;
beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(async () => {
  await bucket?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const REPORT = 'springfield-police-department-monthly-report-2026-10-to-date-0a1b2c3d.pdf';
const UNSAFE = ['../secret', 'a/b.pdf', '..', '.hidden', '', 'a\u0000b.pdf', 'x'.repeat(201)];

describe.each([
  { name: 'the local folder', make: () => new LocalFileStore(path.join(dataDir, 'files')) },
  { name: 'an S3 bucket', make: () => new S3FileStore(bucket.config) },
])('the file store in $name', ({ make }) => {
  let store: FileStore;
  beforeAll(async () => {
    store = make();
    await store.open();
  });
  afterAll(() => store.close());

  it('shows a streamed file under its id only once committed', async () => {
    const draft = store.create('export-1.csv');
    await draft.ready();
    draft.stream.write('a,b\r\n');
    draft.stream.end('1,2\r\n');
    expect(await store.exists('export-1.csv')).toBe(false);
    expect(await store.read('export-1.csv')).toBeNull();
    expect(await draft.commit()).toBe(10);
    expect(await store.exists('export-1.csv')).toBe(true);
    const file = await store.read('export-1.csv');
    expect(file?.size).toBe(10);
    expect(await text(file!.stream)).toBe('a,b\r\n1,2\r\n');
  });

  it('leaves nothing of a discarded draft', async () => {
    const draft = store.create('export-2.csv');
    await draft.ready();
    draft.stream.write('a,b\r\n');
    await draft.discard();
    expect(await store.exists('export-2.csv')).toBe(false);
    expect(await store.read('export-2.csv')).toBeNull();
  });

  it('writes a whole buffer, replaces a file, and removes files', async () => {
    expect(await store.write(REPORT, Buffer.from('%PDF-1.3 first'))).toBe(14);
    expect(await store.write(REPORT, Buffer.from('%PDF-1.3 content'))).toBe(16);
    const file = await store.read(REPORT);
    expect(file?.size).toBe(16);
    expect(await text(file!.stream)).toBe('%PDF-1.3 content');
    await store.remove(REPORT);
    expect(await store.read(REPORT)).toBeNull();
    expect(await store.exists(REPORT)).toBe(false);
    await store.remove(REPORT); // already gone: nothing to do
  });

  it('writes an empty file', async () => {
    expect(await store.write('empty.csv', new Uint8Array())).toBe(0);
    const file = await store.read('empty.csv');
    expect(file?.size).toBe(0);
    expect(await text(file!.stream)).toBe('');
  });

  it('answers null for a file it does not have', async () => {
    expect(await store.read('never-written.csv')).toBeNull();
    expect(await store.exists('never-written.csv')).toBe(false);
  });

  it('refuses ids that are not plain names', async () => {
    for (const name of UNSAFE) {
      expect(await store.read(name), name).toBeNull();
      expect(await store.exists(name), name).toBe(false);
      await store.remove(name);
      await expect(store.write(name, Buffer.from('x')), name).rejects.toThrow('not a file id');
      expect(() => store.create(name), name).toThrow('not a file id');
    }
  });
});

describe('file ids', () => {
  it("take the reports' and exports' file ids", () => {
    for (const fileId of [
      'springfield-police-department-monthly-report-2026-10-0a1b2c3d.pdf',
      'organization-monthly-report-2026-01-to-date-ffffffff.pdf',
      '3f2c0d4e-8a1b-4c2d-9e3f-0a1b2c3d4e5f.csv',
    ])
      expect(isFileId(fileId), fileId).toBe(true);
  });

  it('take only plain names', () => {
    for (const name of UNSAFE) expect(isFileId(name), name).toBe(false);
  });
});

describe('the local folder', () => {
  const dir = path.join(dataDir, 'local');
  const store = new LocalFileStore(dir);
  beforeAll(() => store.open());

  it('removes what a writer that died left behind when it opens', async () => {
    const other = new LocalFileStore(path.join(dataDir, 'other'));
    await other.open();
    writeFileSync(path.join(other.dir, 'kept.csv'), 'a,b\r\n');
    writeFileSync(path.join(other.dir, 'half.csv.1234-1700000000000.part'), 'a,');
    await other.open();
    expect(readdirSync(other.dir)).toEqual(['kept.csv']);
  });

  it('writes under a temporary name and leaves no part behind', async () => {
    const draft = store.create('export-3.csv');
    await draft.ready();
    draft.stream.write('a,b\r\n');
    expect(readdirSync(dir).filter((name) => name.startsWith('export-3'))).toEqual([
      expect.stringMatching(/^export-3\.csv\..*\.part$/),
    ]);
    await draft.discard();
    expect(readdirSync(dir).filter((name) => name.startsWith('export-3'))).toEqual([]);
    await store.write(REPORT, Buffer.from('%PDF'));
    expect(readdirSync(dir)).toContain(REPORT);
    expect(readdirSync(dir).some((name) => name.endsWith('.part'))).toBe(false);
  });

  it('never reaches outside its folder', async () => {
    writeFileSync(path.join(dataDir, 'outside.csv'), 'a,b\r\n');
    expect(await store.exists('../outside.csv')).toBe(false);
    expect(await store.read('../outside.csv')).toBeNull();
    await store.remove('../outside.csv');
    expect(readdirSync(dataDir)).toContain('outside.csv');
    await expect(store.write('../escape.pdf', Buffer.from('x'))).rejects.toThrow('not a file id');
    expect(readdirSync(dataDir)).not.toContain('escape.pdf');
  });

  it('says why a file cannot be created when asked whether it is ready', async () => {
    const blocked = new LocalFileStore(path.join(dataDir, 'outside.csv'));
    const draft = blocked.create('export-4.csv');
    await expect(draft.ready()).rejects.toMatchObject({ code: 'ENOTDIR' });
    await draft.discard();
  });
});

describe('the S3 bucket', () => {
  let store: S3FileStore;
  beforeAll(() => {
    store = new S3FileStore({ ...bucket.config, prefix: 'flare/files/' });
  });
  afterAll(() => store.close());

  it('keeps files under its prefix', async () => {
    await store.write('export-5.csv', Buffer.from('a,b\r\n'));
    expect(await bucket.keys()).toContain('flare/files/export-5.csv');
    expect((await bucket.object('flare/files/export-5.csv')).toString()).toBe('a,b\r\n');
    await store.remove('export-5.csv');
    expect(await bucket.keys()).not.toContain('flare/files/export-5.csv');
  });

  it('streams a file larger than one part, shown only once committed, and discards one', async () => {
    const part = Buffer.alloc(1024 * 1024, 'x');
    const draft = store.create('export-6.csv');
    await draft.ready();
    for (let n = 0; n < 12; n++)
      if (!draft.stream.write(part)) await new Promise((resolve) => draft.stream.once('drain', resolve));
    expect(await store.exists('export-6.csv')).toBe(false);
    expect(await draft.commit()).toBe(12 * part.length);
    const file = await store.read('export-6.csv');
    expect(file?.size).toBe(12 * part.length);
    expect((await text(file!.stream)).length).toBe(12 * part.length);

    const discarded = store.create('export-7.csv');
    for (let n = 0; n < 12; n++)
      if (!discarded.stream.write(part))
        await new Promise((resolve) => discarded.stream.once('drain', resolve));
    await discarded.discard();
    expect(await store.exists('export-7.csv')).toBe(false);
  });

  it('names why it cannot store a file: a bucket that does not exist, a server out of reach', async () => {
    const missing = new S3FileStore(loadConfig({ S3_URL: bucket.missingUrl }).s3!);
    const draft = missing.create('export-8.csv');
    await expect(draft.ready()).rejects.toThrow(StorageError);
    await expect(draft.ready()).rejects.toMatchObject({ code: 'NoSuchBucket' });
    await draft.discard();
    await expect(missing.write('export-8.csv', Buffer.from('a'))).rejects.toMatchObject({
      code: 'NoSuchBucket',
    });
    // Without the check first, the upload's own failure ends the writer's stream with the reason.
    const unchecked = missing.create('export-9.csv');
    unchecked.stream.end('a,b\r\n');
    await expect(unchecked.commit()).rejects.toMatchObject({ code: 'NoSuchBucket' });
    await unchecked.discard();
    await missing.close();

    const closed = new S3FileStore({ ...bucket.config, endpoint: 'http://127.0.0.1:1' });
    await expect(closed.create('export-10.csv').ready()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await closed.close();
  });
});
