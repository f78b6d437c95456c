/**
 * A scheduled closure's start and end are jobs in the database: a server stopped before the start and
 * started again after it switches the closure on, then off at its end. The real server process and job
 * queue, on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Closure } from '@flare/core/schemas/closure';
import { openDatabase } from '../src/platform/db/database';
import { startServerProcess, type ServerProcess } from './server-process';
import { seededServerData, TEST_PASSWORD, type SeededServerData } from './test-app';
import { moveClosureScheduleBack } from './time-travel';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Time passing while the server is stopped: the closure's schedule moves `ms` into the past. */
async function timePasses(data: SeededServerData, closureId: string, ms: number): Promise<void> {
  const opened = await openDatabase(data.target);
  try {
    await moveClosureScheduleBack(opened.db, closureId, ms);
  } finally {
    await opened.db.destroy();
  }
}

async function api<T>(server: ServerProcess, method: string, url: string, body?: unknown): Promise<T> {
  const token = await fetch(`${server.url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      application: 'dashboard',
      username: 'admin@springfield-pd.test',
      password: TEST_PASSWORD,
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
    const data = await seededServerData();
    cleanups.push(data.drop);
    const env = { ...data.env, STATUS_SWEEP_MS: '0', JOB_POLL_MS: '500' };
    let server = await startServerProcess(env);
    cleanups.push(() => server.stop());

    // Times are kept to the minute: an hour or so from now, and a minute later.
    const start = new Date(Date.now() + 3_600_000);
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

    // The server is down while the start passes: the schedule moves back to 2 s before now (its
    // start and end, and the due times of its jobs: test/time-travel.ts), instead of waiting.
    const startBack = start.getTime() - Date.now() + 2_000;
    await timePasses(data, saved.id, startBack);
    const startedAt = new Date(start.getTime() - startBack).toISOString();
    server = await startServerProcess(env);
    const stored = async () =>
      (await api<{ data: Closure[] }>(server, 'GET', '/organization/closure')).data.find(
        (closure) => closure.id === saved.id,
      );
    await expect
      .poll(stored, { timeout: 60_000, interval: 1_000 })
      .toMatchObject({ is_active: true, status: 'active', last_start_time: startedAt });

    // And its end passes: the server is stopped, the end moved back to now, the server started.
    await server.stop();
    const endBack = end.getTime() - startBack - Date.now();
    await timePasses(data, saved.id, endBack);
    const endedAt = new Date(end.getTime() - startBack - endBack).toISOString();
    server = await startServerProcess(env);
    await expect
      .poll(stored, { timeout: 60_000, interval: 1_000 })
      .toMatchObject({ is_active: false, status: 'standby', end_time: endedAt });
  }, 300_000);
});
