/**
 * The file store in a folder (DATA_DIR/files). A file is written under a temporary name and appears
 * under its id only when complete, so a reader never sees half a file and a writer that dies leaves
 * only a `.part` behind (removed at the next start).
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  assertFileId,
  isFileId,
  writeWhole,
  type FileDraft,
  type FileStore,
  type StoredFile,
} from './file-store';

const PART = '.part';

export class LocalFileStore implements FileStore {
  constructor(readonly dir: string) {}

  /** Creates the folder and removes what writers that died left behind. */
  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    for (const name of await readdir(this.dir))
      if (name.endsWith(PART)) await rm(path.join(this.dir, name), { force: true });
  }

  create(fileId: string): FileDraft {
    const final = this.pathOf(fileId);
    // Unique per draft: two runs of the same export never write into one file.
    const part = `${final}.${process.pid}-${Date.now()}${PART}`;
    const stream = createWriteStream(part, { flags: 'wx' });
    const ended = new Promise<void>((resolve, reject) => {
      stream.once('close', resolve);
      stream.once('error', reject);
    });
    ended.catch(() => undefined);
    return {
      stream,
      async ready() {
        if (stream.errored) throw stream.errored;
        if (stream.pending) await once(stream, 'ready');
      },
      async commit() {
        if (!stream.writableEnded) stream.end();
        await ended;
        await rename(part, final);
        return (await stat(final)).size;
      },
      async discard() {
        stream.destroy();
        await ended.catch(() => undefined);
        // Nothing to remove when the file could not even be created.
        await rm(part, { force: true }).catch(() => undefined);
      },
    };
  }

  async write(fileId: string, content: Uint8Array): Promise<number> {
    return writeWhole(this.create(fileId), content);
  }

  async read(fileId: string): Promise<StoredFile | null> {
    if (!isFileId(fileId)) return null;
    const file = this.pathOf(fileId);
    const size = await stat(file).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );
    return size === null ? null : { stream: createReadStream(file), size };
  }

  async exists(fileId: string): Promise<boolean> {
    if (!isFileId(fileId)) return false;
    return stat(this.pathOf(fileId)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async remove(fileId: string): Promise<void> {
    if (isFileId(fileId)) await rm(this.pathOf(fileId), { force: true });
  }

  async close(): Promise<void> {}

  private pathOf(fileId: string): string {
    assertFileId(fileId);
    return path.join(this.dir, fileId);
  }
}
