/** Helpers shared by the benchmarks: a server on a fresh database, and timing. */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { FeedSchema, type FeedFormat, type FeedKind } from '@flare/core/schemas/feeds';
import { traccarDevice, traccarPosition } from '@flare/core/testing/traccar-forward';
import { buildApp, type FlareApp } from '@flare/server/src/app';
import { loadConfig } from '@flare/server/src/config';
import type { Db } from '@flare/server/src/platform/db/database';
import { hashDeviceCredential } from '@flare/server/src/platform/device-credentials';
import { demoOrganizationId } from '@flare/server/src/seed/demo-data';
import { thingTypeId } from '@flare/server/src/seed/reference-data';

export const BENCH_PASSWORD = 'Bench!pass1';

export interface Engine {
  name: 'pglite' | 'postgres';
  /** Builds a Flare app on a fresh database of this engine; drop() removes it again. */
  build(env?: Record<string, string>): Promise<{ flare: FlareApp; drop: () => Promise<void> }>;
  /** PostgreSQL only: a new empty database for a server process of the benchmark's own. */
  freshDatabaseUrl?: () => Promise<{ url: string; drop: () => Promise<void> }>;
}

function config(env: Record<string, string>) {
  return loadConfig({
    DEMO_PASSWORD: BENCH_PASSWORD,
    WEB_DIST: '/nonexistent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'flare-bench-')),
    AUTH_RATE_LIMIT_IP: '1000000',
    AUTH_RATE_LIMIT_EMAIL: '1000000',
    STATUS_SWEEP_MS: '0',
    LOG_LEVEL: 'warn',
    // The load generator is one address sending for many devices, faster than any real device.
    INGEST_IP_REQUESTS_PER_MINUTE: '0',
    INGEST_DEVICE_REQUESTS_PER_MINUTE: '0',
    ...env,
  });
}

/** PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server. */
export function engines(): Engine[] {
  const list: Engine[] = [
    {
      name: 'pglite',
      async build(env = {}) {
        const flare = await buildApp(config(env), { logger: false, database: { pgliteDir: 'memory://' } });
        return { flare, drop: () => flare.app.close() };
      },
    },
  ];
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const freshDatabaseUrl = async () => {
      const name = `flare_bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
      const run = async (statement: string) => {
        const client = new pg.Client({ connectionString: baseUrl });
        await client.connect();
        await client.query(statement);
        await client.end();
      };
      await run(`create database ${name}`);
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
    };
    list.push({
      name: 'postgres',
      freshDatabaseUrl,
      async build(env = {}) {
        const database = await freshDatabaseUrl();
        const flare = await buildApp(config(env), { logger: false, database: { url: database.url } });
        return {
          flare,
          drop: async () => {
            await flare.app.close();
            await database.drop();
          },
        };
      },
    });
  }
  return list;
}

/** What a benchmark device sends as its id (OsmAnd): its credential, as a real device would. */
export const benchCredential = (systemId: string) => `${systemId}.credential`;

/**
 * Registers `count` assets straight in the database (of the demo police department unless another
 * organisation is given), with their credentials (benchCredential); answers their System Ids.
 */
export async function registerDevices(
  db: Db,
  prefix: string,
  count: number,
  type: 'general' | 'police' = 'general',
  organizationId = demoOrganizationId('springfield-pd'),
): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  for (let i = 0; i < ids.length; i += 5000) {
    await db
      .insertInto('things')
      .values(
        ids.slice(i, i + 5000).map((device_id) => ({
          device_id,
          organization_id: organizationId,
          thing_type_id: thingTypeId(type),
          nickname: null,
          thing_subtype_id: null,
          vin_number: null,
          license_plate_number: null,
          registry_number: null,
          device_credential_hash: hashDeviceCredential(benchCredential(device_id)),
          device_credential_created_at: new Date(),
        })),
      )
      .execute();
  }
  return ids;
}

export async function signIn(flare: FlareApp, email: string): Promise<string> {
  const response = await flare.app.inject({
    method: 'POST',
    url: '/api/user_token',
    payload: { grant_type: 'password', username: email, password: BENCH_PASSWORD },
  });
  return response.json<{ access_token: string }>().access_token;
}

/** Report `i` of a benchmark device, as the JSON batch API takes it: `i` ms after `base`. */
export const benchReport = (deviceId: string, i: number, base: number) => ({
  device_id: deviceId,
  lat: 39.7 + (i % 1000) / 10_000,
  lng: -89.6 - (i % 777) / 10_000,
  timestamp: base + i,
  speed: 12,
  course: i % 360,
  accuracy: 5,
  alerting: i % 3 === 0,
});

/**
 * The JSON batch API's baseline: inserting the same reports straight into the points table, `batch`
 * rows a statement, for the devices given (their assets are looked up first, outside any timing).
 */
export async function rawPointInserter(db: Db, devices: string[]) {
  const thingIds = new Map(
    (
      await db.selectFrom('things').select(['id', 'device_id']).where('device_id', 'in', devices).execute()
    ).map((r) => [r.device_id, r.id]),
  );
  return async (reports: Array<ReturnType<typeof benchReport>>, batch: number): Promise<void> => {
    for (let i = 0; i < reports.length; i += batch) {
      await db
        .insertInto('points')
        .values(
          reports.slice(i, i + batch).map((r) => ({
            thing_id: thingIds.get(r.device_id)!,
            recorded_at: new Date(r.timestamp),
            lat: r.lat,
            lng: r.lng,
            speed: r.speed,
            course: r.course,
            altitude: null,
            accuracy: r.accuracy,
            battery: null,
            alerting: r.alerting,
            in_service: null,
          })),
        )
        .execute();
    }
  };
}

/** A new API key of the signed-in caller's organisation (all of a key's default scopes): its token. */
export async function createApiKey(flare: FlareApp, token: string, description: string): Promise<string> {
  const response = await flare.app.inject({
    method: 'POST',
    url: '/api/api_keys',
    headers: { authorization: `Bearer ${token}` },
    payload: { description },
  });
  return response.json<{ token: string }>().token;
}

/**
 * A bare node:http server answering 200 to every request once its body is read: the baseline of what
 * HTTP alone costs on this machine, for the same requests from the same load generator.
 */
export async function startBareServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Traccar's JSON forwarding of one position, as its forwarder posts it (core testing/traccar-forward.ts). */
export function forwardedPositionBody(
  id: number,
  deviceId: string,
  position: { lat: number; lng: number; at: Date; course: number },
): string {
  const fixTime = position.at.toISOString().replace('Z', '+00:00');
  return JSON.stringify({
    position: traccarPosition({
      id,
      fixTime,
      deviceTime: fixTime,
      serverTime: fixTime,
      latitude: position.lat,
      longitude: position.lng,
      course: position.course,
      accuracy: 5,
    }),
    device: traccarDevice(deviceId),
  });
}

/** Turns the organisation's feed on (as its page does) and answers the path of one of its formats. */
export async function feedPath(
  flare: FlareApp,
  token: string,
  kind: FeedKind,
  format: FeedFormat,
): Promise<string> {
  const response = await flare.app.inject({
    method: 'POST',
    url: `/api/organization/feeds/${kind}`,
    headers: { authorization: `Bearer ${token}` },
  });
  const url = FeedSchema.parse(response.json()).urls.find((u) => u.format === format)?.url;
  if (!url) throw new Error(`no ${format} URL in the ${kind} feed: ${response.body}`);
  return new URL(url).pathname;
}

export interface LoadJob {
  requests: Array<{ url: string; method: string; headers?: Record<string, string>; body?: string }>;
  concurrency: number;
}

/** Runs the requests from a worker thread (load-worker.mjs) and resolves with the elapsed milliseconds. */
export function runLoad(job: LoadJob): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: job });
    worker.once('message', (result: { ms: number; failures: number; firstError: string }) => {
      void worker.terminate();
      if (result.failures > 0)
        reject(new Error(`${result.failures} requests failed, first: ${result.firstError}`));
      else resolve(result.ms);
    });
    worker.once('error', reject);
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
