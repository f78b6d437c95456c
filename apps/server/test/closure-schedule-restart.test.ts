/**
 * A scheduled closure's start and end are jobs in the database: a server stopped before the start and
 * started again after it switches the closure on, then off at its end. The real server process and job
 * queue, on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Closure } from '@flare/core/schemas/closure';
import { startServerProcess, type ServerProcess } from './server-process';
import { freshPostgresDatabase } from './test-app';

const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-closure-restart-'));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const PASSWORD = 'Proc!pass1';
/** Enough time to save the closure and stop the server before it starts. */
const LEAD_MS = 15_000;

const sleepUntil = (time: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now())));

async function api<T>(server: ServerProcess, method: string, url: string, body?: unknown): Promise<T> {
  const token = await fetch(`${server.url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      application: 'dashboard',
      username: 'admin@springfield-pd.test',
      password: PASSWORD,
    }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as T;
}

describe('a scheduled closure across a restart', () => {
  it('starts when the server comes back after its start time, and ends at its end', async () => {
    const database = process.env.TEST_DATABASE_URL
      ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL)
      : null;
    if (database) cleanups.push(database.drop);
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      DEMO_PASSWORD: PASSWORD,
      STATUS_SWEEP_MS: '0',
      JOB_POLL_MS: '500',
    };
    let server = await startServerProcess(env);
    cleanups.push(() => server.stop());

    // Times are kept to the minute: the first whole minute at least LEAD_MS away, and the next.
    const start = new Date(Date.now() + LEAD_MS + 60_000);
    start.setUTCSeconds(0, 0);
    const end = new Date(start.getTime() + 60_000);
    const saved = await api<Closure>(server, 'POST', '/organization/closure', {
      closure_type: 'manual',
      description: 'Overnight lane closure',
      user_route: {
        type: 'LineString',
        coordinates: [
          [-89.65, 39.8],
          [-89.64, 39.801],
        ],
      },
      is_scheduled: true,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
    });
    expect(saved).toMatchObject({ is_active: false, is_scheduled: true, start_time: start.toISOString() });
    expect(Date.now()).toBeLessThan(start.getTime());
    await server.stop();

    await sleepUntil(start.getTime() + 2_000);
    server = await startServerProcess(env);
    const stored = async () =>
      (await api<{ data: Closure[] }>(server, 'GET', '/organization/closure')).data.find(
        (closure) => closure.id === saved.id,
      );
    await expect
      .poll(stored, { timeout: 30_000, interval: 1_000 })
      .toMatchObject({ is_active: true, status: 'active', last_start_time: start.toISOString() });

    await sleepUntil(end.getTime());
    await expect
      .poll(stored, { timeout: 30_000, interval: 1_000 })
      .toMatchObject({ is_active: false, status: 'standby', end_time: end.toISOString() });
  }, 300_000);
});
