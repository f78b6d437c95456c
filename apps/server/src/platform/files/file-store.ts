/**
 * The file store: exports' and reports' files in a folder (DATA_DIR/files). A file is written under a
 * temporary name and appears under its id only when complete, so a reader never sees half a file and
 * a writer that dies leaves only a `.part` behind (removed at the next start).
 */
import { createReadStream, createWriteStream, type ReadStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** File ids: a name without a path, e.g. `3f2c...e1.csv`. */
const FILE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/;
const PART = '.part';

export const isFileId = (fileId: string) => FILE_ID.test(fileId) && fileId.length <= 200;

/** A file being written: `commit` makes it visible under its id, `discard` removes it. */
export interface FileDraft {
  stream: WriteStream;
  /** Ends the stream, waits for it to be flushed and renames it into place; its size in bytes. */
  commit(): Promise<number>;
  discard(): Promise<void>;
}

export class FileStore {
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

  /** Writes a whole file (already in memory) as `create` and `commit` do; its size in bytes. */
  async write(fileId: string, content: Uint8Array): Promise<number> {
    const draft = this.create(fileId);
    try {
      draft.stream.end(content);
      return await draft.commit();
    } catch (error) {
      await draft.discard();
      throw error;
    }
  }

  /** The file and its size, or null when there is none. */
  async read(fileId: string): Promise<{ stream: ReadStream; size: number } | null> {
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

  private pathOf(fileId: string): string {
    if (!isFileId(fileId)) throw new Error(`not a file id: ${fileId}`);
    return path.join(this.dir, fileId);
  }
}
