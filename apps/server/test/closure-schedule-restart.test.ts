/**
 * A scheduled closure's start and end are jobs in the database: a server stopped before the start and
 * started again after it switches the closure on, and one stopped before the end and started after it
 * switches it off. The real server process and job queue, on the embedded database, and on
 * PostgreSQL when TEST_DATABASE_URL is set. Time passes while the server is stopped by moving the
 * closure's stored times back (time-travel.ts), not by waiting for them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Closure } from '@flare/core/schemas/closure';
import { openDatabase } from '../src/platform/db/database';
import { startServerProcess, type ServerProcess } from './server-process';
import { freshPostgresDatabase } from './test-app';
import { moveClosureScheduleBack } from './time-travel';

const dataDir = mkdtempSync(path.join(tmpdir(), 'flare-closure-restart-'));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const PASSWORD = 'Proc!pass1';
const MINUTE = 60_000;

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

    // Times are kept to the minute: the start a whole minute at least a minute away, the end the next.
    const start = new Date(Date.now() + 2 * MINUTE);
    start.setUTCSeconds(0, 0);
    const end = new Date(start.getTime() + MINUTE);
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

    /** Stops the server, lets `time` pass (plus a second) while it is stopped, and starts it again. */
    const restartAfter = async (time: Date) => {
      await server.stop();
      const opened = await openDatabase(
        database ? { url: database.url } : { pgliteDir: `${dataDir}/pgdata` },
      );
      const passed = time.getTime() - Date.now() + 1_000;
      await moveClosureScheduleBack(opened.db, saved.id, passed);
      await opened.db.destroy();
      server = await startServerProcess(env);
      return (stored: Date) => new Date(stored.getTime() - passed).toISOString();
    };
    const stored = async () =>
      (await api<{ data: Closure[] }>(server, 'GET', '/organization/closure')).data.find(
        (closure) => closure.id === saved.id,
      );

    const startedAt = (await restartAfter(start))(start);
    await expect
      .poll(stored, { timeout: 30_000, interval: 500 })
      .toMatchObject({ is_active: true, status: 'active', last_start_time: startedAt });

    const closure = (await stored())!;
    const endedAt = (await restartAfter(new Date(closure.end_time!)))(new Date(closure.end_time!));
    await expect
      .poll(stored, { timeout: 30_000, interval: 500 })
      .toMatchObject({ is_active: false, status: 'standby', end_time: endedAt });
  }, 120_000);
});
