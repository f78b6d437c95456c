/**
 * Files the server makes for people to download (monthly report PDFs), kept on disk under
 * `DATA_DIR/files/<folder>/`. A file is written under a temporary name and renamed into place, so a
 * reader never sees half a file. Names are checked: one path segment of safe characters.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SAFE_NAME = /^[a-z0-9][a-z0-9._-]{0,199}$/i;

export function isSafeFileName(name: string): boolean {
  return SAFE_NAME.test(name) && !name.includes('..');
}

export class DataFileStore {
  private readonly directory: string;

  constructor(dataDir: string, folder: string) {
    if (!isSafeFileName(folder)) throw new Error(`file store folder "${folder}" is not a safe name`);
    this.directory = path.join(dataDir, 'files', folder);
  }

  private pathOf(name: string): string {
    if (!isSafeFileName(name)) throw new Error(`"${name}" is not a safe file name`);
    return path.join(this.directory, name);
  }

  async write(name: string, content: Uint8Array): Promise<void> {
    const target = this.pathOf(name);
    await mkdir(this.directory, { recursive: true });
    const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
    try {
      await writeFile(partial, content);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  /** The file's size and a stream of it, or null when there is no such file. */
  async open(name: string): Promise<{ size: number; stream: ReadStream } | null> {
    if (!isSafeFileName(name)) return null;
    const file = this.pathOf(name);
    try {
      const { size } = await stat(file);
      return { size, stream: createReadStream(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true });
  }
}
