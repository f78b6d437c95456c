/**
 * The file store in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), addressed path-style
 * (`endpoint/bucket/key`), so several servers share the files without a shared folder. A draft streams
 * into a multipart upload that completes only on commit, and S3 shows an object only once its upload
 * completes: a reader never sees half a file, and a discarded draft's upload is aborted. (A writer that
 * dies leaves an incomplete upload; a bucket lifecycle rule removes those, see docs/exports.md.)
 */
import { PassThrough, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertFileId,
  isFileId,
  StorageError,
  writeWhole,
  type FileDraft,
  type FileStore,
  type StoredFile,
} from './file-store';

export interface S3Config {
  /** The server, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio:9000`. */
  endpoint: string;
  bucket: string;
  /** Put before every key (`exports/` for `.../bucket/exports`); empty: the bucket's top. */
  prefix: string;
  region: string;
  /** Null: the SDK's own (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, an instance role, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** A client of the configured server, addressing buckets path-style. */
export function s3ClientOf(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Parts of 5 MiB (S3's smallest), at most two uploading at once: about 10 MiB held per draft. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

export class S3FileStore implements FileStore {
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = s3ClientOf(config);
  }

  /** Nothing to prepare: a bucket that is missing or refuses us fails each write with the reason. */
  async open(): Promise<void> {}

  create(fileId: string): FileDraft {
    const key = this.keyOf(fileId);
    // The writer's stream: it takes bytes into the upload's body, but ending it does not end the
    // upload, so nothing appears under the id before commit.
    const body = new PassThrough();
    let size = 0;
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (body.write(chunk)) callback();
        else body.once('drain', () => callback());
      },
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: key, Body: body },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    let discarded = false;
    const done = upload.done().catch((error: unknown) => {
      const failure = discarded ? error : storageError(error);
      // A writer waiting for the upload to take more bytes learns why it never will.
      stream.destroy(failure as Error);
      throw failure;
    });
    done.catch(() => undefined);
    return {
      stream,
      ready: () => this.checkBucket(),
      async commit() {
        if (!stream.writableEnded) stream.end();
        // A failed upload destroyed the stream: its reason, not the stream's.
        await finished(stream).catch(async (error: unknown) => {
          await done;
          throw error;
        });
        body.end();
        await done;
        return size;
      },
      async discard() {
        discarded = true;
        stream.destroy();
        body.destroy();
        await upload.abort().catch(() => undefined);
        await done.catch(() => undefined);
      },
    };
  }

  async write(fileId: string, content: Uint8Array): Promise<number> {
    return writeWhole(this.create(fileId), content);
  }

  async read(fileId: string): Promise<StoredFile | null> {
    if (!isFileId(fileId)) return null;
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(fileId) }),
      );
      return { stream: object.Body as StoredFile['stream'], size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw storageError(error);
    }
  }

  async exists(fileId: string): Promise<boolean> {
    if (!isFileId(fileId)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(fileId) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw storageError(error);
    }
  }

  async remove(fileId: string): Promise<void> {
    if (!isFileId(fileId)) return;
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(fileId) }),
      );
    } catch (error) {
      throw storageError(error);
    }
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }

  /** Whether the bucket is there and lets us in: a file that cannot be stored fails before it is made. */
  private async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (error) {
      throw storageError(error);
    }
  }

  private keyOf(fileId: string): string {
    assertFileId(fileId);
    return `${this.config.prefix}${fileId}`;
  }
}

function isMissing(error: unknown): boolean {
  // HEAD answers have no body: a missing object is a bare 404 ("NotFound").
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

/** The bucket's answer as a short code (HEAD answers have no body, so their status names them). */
function storageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (error instanceof S3ServiceException) {
    const bare = !/^[A-Z][A-Za-z]+$/.test(error.name) || ['NotFound', 'Forbidden'].includes(error.name);
    const status = error.$metadata.httpStatusCode;
    const code =
      bare && status === 404 ? 'NoSuchBucket' : bare && status === 403 ? 'AccessDenied' : error.name;
    return new StorageError(code, { cause: error });
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return new StorageError(typeof code === 'string' ? code : 'Unknown', { cause: error });
}
