/**
 * Builds a Flare app on a fresh database for API tests: an in-memory PGlite (started from the seeded
 * dump of test/global-setup.ts), or a new database on the PostgreSQL server named by TEST_DATABASE_URL
 * (a copy of the seeded template of test/global-setup.ts, dropped again on close).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions, type FlareApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseTarget } from '../src/platform/db/database';

export const TEST_PASSWORD = 'Test!pass9';

export interface TestApp extends FlareApp {
  dataDir: string;
  close(): Promise<void>;
  signIn(email: string, password?: string): Promise<{ access_token: string; refresh_token: string }>;
  /** Requests as this demo user, signed in on first use (once per app: sign-ins are rate-limited). */
  as(email: string): SignedInUser;
}

export interface SignedInUser {
  /** A request with the user's token (and a JSON body when given). */
  request(method: InjectOptions['method'], url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** The Authorization header, for a request built by hand. */
  headers(): Promise<{ authorization: string }>;
  /** The access token itself (the live feed takes it as a subprotocol). */
  token(): Promise<string>;
}

/**
 * A new database on the PostgreSQL server of `baseUrl`, and how to drop it again: empty, or a copy of
 * the database named `template` (one nobody is connected to).
 */
export async function freshPostgresDatabase(
  baseUrl: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `flare_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** `logStream`: log at the configured level into it (tests otherwise log nothing). */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'logStream'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-test-'));
  const config = loadConfig({
    DEMO_PASSWORD: TEST_PASSWORD,
    WEB_DIST: '/nonexistent',
    DATA_DIR: dataDir,
    ...env,
  });
  const baseUrl = process.env.TEST_DATABASE_URL;
  const postgres = baseUrl ? await freshPostgresDatabase(baseUrl, inject('seededPostgresTemplate')) : null;
  const flare = await buildApp(config, {
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    database: postgres ? { url: postgres.url } : { pgliteDir: 'memory://', pgliteDump: seededPgliteDump() },
  });
  const tokens = new Map<string, Promise<string>>();
  const testApp: TestApp = {
    ...flare,
    dataDir,
    async close() {
      await flare.app.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async signIn(email, password = TEST_PASSWORD) {
      const response = await flare.app.inject({
        method: 'POST',
        url: '/api/user_token',
        payload: { grant_type: 'password', application: 'dashboard', username: email, password },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
      return response.json<{ access_token: string; refresh_token: string }>();
    },
    as(email) {
      const token = () => {
        if (!tokens.has(email))
          tokens.set(
            email,
            testApp.signIn(email).then((session) => session.access_token),
          );
        return tokens.get(email)!;
      };
      const headers = async () => bearer(await token());
      return {
        token,
        headers,
        request: async (method, url, payload) =>
          flare.app.inject({ method, url, headers: await headers(), ...(payload ? { payload } : {}) }),
      };
    },
  };
  return testApp;
}

let seededDump: Blob | undefined;

/** The migrated and seeded database of test/global-setup.ts, read once per test file. */
function seededPgliteDump(): Blob | undefined {
  const file = inject('seededPgliteDump');
  if (file) seededDump ??= new Blob([readFileSync(file)]);
  return seededDump;
}

export interface SeededServerData {
  /** DATA_DIR, DATABASE_URL and DEMO_PASSWORD for the server process. */
  env: { DATA_DIR: string; DATABASE_URL: string; DEMO_PASSWORD: string };
  /** What the test itself opens to look at or change the database (while no server holds PGlite's). */
  target: DatabaseTarget;
  /** Deletes the data folder and the database. */
  drop: () => Promise<void>;
}

/**
 * A data folder and database for server processes (server-process.ts), migrated and seeded already
 * (the demo users' password: TEST_PASSWORD), so that a process starts without building them: a copy
 * of test/global-setup.ts's seeded data folder, and on PostgreSQL (TEST_DATABASE_URL) a copy of its
 * seeded template.
 */
export async function seededServerData(): Promise<SeededServerData> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-process-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  const postgres = baseUrl ? await freshPostgresDatabase(baseUrl, inject('seededPostgresTemplate')) : null;
  const seededDataDir = inject('seededDataDir');
  if (!postgres && seededDataDir) cpSync(seededDataDir, dataDir, { recursive: true });
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '', DEMO_PASSWORD: TEST_PASSWORD },
    target: postgres ? { url: postgres.url } : { pgliteDir: path.join(dataDir, 'pgdata') },
    drop: async () => {
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

/** Starts the app listening on a free local port; its origin (`http://127.0.0.1:<port>`). */
export async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}
