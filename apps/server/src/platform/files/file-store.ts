/**
 * The file store: where exports' CSVs and monthly reports' PDFs are kept, in a local folder
 * (local-file-store.ts) or an S3-compatible bucket (s3-file-store.ts). Either way a file appears under
 * its id only when complete, so a reader never sees half a file.
 */
import type { Readable, Writable } from 'node:stream';

/** File ids: a name without a path, e.g. `3f2c...e1.csv`. */
const FILE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]+)?$/;

export const isFileId = (fileId: string) => FILE_ID.test(fileId) && fileId.length <= 200;

export function assertFileId(fileId: string): void {
  if (!isFileId(fileId)) throw new Error(`not a file id: ${fileId}`);
}

/** A file being written: `commit` makes it visible under its id, `discard` leaves nothing of it. */
export interface FileDraft {
  stream: Writable;
  /** Resolves once the file can take bytes; rejects with the reason it cannot be written at all. */
  ready(): Promise<void>;
  /** Ends the stream, waits until the file is stored whole and shows it under its id; its size in bytes. */
  commit(): Promise<number>;
  discard(): Promise<void>;
}

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface FileStore {
  /** Prepares the store at start (the local folder, what writers that died left behind). */
  open(): Promise<void>;
  create(fileId: string): FileDraft;
  /** Writes a whole file (already in memory) as `create` and `commit` do; its size in bytes. */
  write(fileId: string, content: Uint8Array): Promise<number>;
  /** The file and its size, or null when there is none (or the id is not one). */
  read(fileId: string): Promise<StoredFile | null>;
  exists(fileId: string): Promise<boolean>;
  remove(fileId: string): Promise<void>;
  close(): Promise<void>;
}

/** Why the bucket refused or could not be reached, e.g. `NoSuchBucket`, `AccessDenied`, `ECONNREFUSED`. */
export class StorageError extends Error {
  constructor(
    readonly code: string,
    options?: ErrorOptions,
  ) {
    super(`file storage failed: ${code}`, options);
    this.name = 'StorageError';
  }
}

/** `write` through a draft: what both stores do with a file already in memory. */
export async function writeWhole(draft: FileDraft, content: Uint8Array): Promise<number> {
  try {
    await draft.ready();
    draft.stream.end(content);
    return await draft.commit();
  } catch (error) {
    await draft.discard();
    throw error;
  }
}
