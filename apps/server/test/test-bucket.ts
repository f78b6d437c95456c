/**
 * A fresh, empty bucket for tests, on the S3-compatible server of TEST_S3_URL when it is set
 * (`http(s)://ACCESS_KEY:SECRET@host:port`, e.g. a MinIO), else on s3rver (an S3 server in JavaScript)
 * started in this process on a free port over a temporary folder. `close` empties and deletes the
 * bucket, and stops the s3rver.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { loadConfig } from '../src/config';
import { s3ClientOf, type S3Config } from '../src/platform/files/s3-file-store';

export interface TestBucket {
  /** S3_URL of the bucket. */
  url: string;
  config: S3Config;
  /** S3_URL of a bucket that does not exist, on the same server. */
  missingUrl: string;
  /** The keys in the bucket. */
  keys(): Promise<string[]>;
  /** An object's bytes as the bucket holds them. */
  object(key: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** s3rver takes any key and secret (it does not check signatures). */
const S3RVER_CREDENTIALS = 'S3RVER:S3RVER';

export async function startTestBucket(): Promise<TestBucket> {
  const server = process.env.TEST_S3_URL ? null : await startS3rver();
  const base = new URL(process.env.TEST_S3_URL ?? server!.url);
  base.pathname = '/';
  const name = `flare-test-${randomBytes(6).toString('hex')}`;
  const url = new URL(name, base).toString();
  const config = loadConfig({ S3_URL: url }).s3!;
  const client = s3ClientOf(config);
  await client.send(new CreateBucketCommand({ Bucket: name }));
  const keys = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: name }))).Contents ?? []).map(({ Key }) => Key!);
  return {
    url,
    config,
    missingUrl: new URL(`${name}-missing`, base).toString(),
    keys,
    async object(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: name, Key: key }));
      return buffer(object.Body as Readable);
    },
    async close() {
      for (const key of await keys()) await client.send(new DeleteObjectCommand({ Bucket: name, Key: key }));
      await client.send(new DeleteBucketCommand({ Bucket: name }));
      client.destroy();
      await server?.close();
    },
  };
}

async function startS3rver(): Promise<{ url: string; close(): Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'flare-s3-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await s3rver.run();
  return {
    url: `http://${S3RVER_CREDENTIALS}@127.0.0.1:${port}/`,
    async close() {
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
