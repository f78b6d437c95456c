/** Helpers shared by the benchmarks: a server on a fresh database, and timing. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp, type FlareApp } from '@flare/server/src/app';
import { loadConfig } from '@flare/server/src/config';

export const BENCH_PASSWORD = 'Bench!pass1';

export interface Engine {
  name: 'pglite' | 'postgres';
  /** Builds a Flare app on a fresh database of this engine; drop() removes it again. */
  build(env?: Record<string, string>): Promise<{ flare: FlareApp; drop: () => Promise<void> }>;
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
    list.push({
      name: 'postgres',
      async build(env = {}) {
        const name = `flare_bench_${Date.now()}`;
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const url = new URL(baseUrl);
        url.pathname = `/${name}`;
        const flare = await buildApp(config(env), { logger: false, database: { url: url.toString() } });
        return {
          flare,
          drop: async () => {
            await flare.app.close();
            const client = new pg.Client({ connectionString: baseUrl });
            await client.connect();
            await client.query(`drop database if exists ${name} with (force)`);
            await client.end();
          },
        };
      },
    });
  }
  return list;
}

export async function signIn(flare: FlareApp, email: string): Promise<string> {
  const response = await flare.app.inject({
    method: 'POST',
    url: '/api/user_token',
    payload: { grant_type: 'password', username: email, password: BENCH_PASSWORD },
  });
  return response.json<{ access_token: string }>().access_token;
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
