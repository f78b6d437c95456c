/**
 * The status sweep is a recurring job: with two server processes on one PostgreSQL database, each
 * tick runs in exactly one of them and no two runs overlap, and assets still age on time.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process';
import { seededServerData } from './test-app';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl)
  console.warn('two-process sweep test skipped: it needs TEST_DATABASE_URL (a PostgreSQL server)');

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface SweepRun {
  singleton_on: Date | null;
  started_on: Date;
  completed_on: Date;
}

describe.skipIf(!baseUrl)('status sweep with two server processes', () => {
  it('runs each tick in one process, never two at once, and ages a silent asset', async () => {
    const data = await seededServerData();
    cleanups.push(data.drop);
    const env = { ...data.env, STATUS_SWEEP_MS: '1000', JOB_POLL_MS: '500' };
    const first: ServerProcess = await startServerProcess(env);
    cleanups.push(() => first.stop());
    const second: ServerProcess = await startServerProcess(env);
    cleanups.push(() => second.stop());

    const client = new pg.Client({ connectionString: data.env.DATABASE_URL });
    await client.connect();
    cleanups.push(() => client.end());
    // An asset that checked in 9 hours ago without lights: due to turn from standby to pending.
    await client.query(`insert into thing_states (thing_id, status, enroute, heartbeat_at)
      select id, 'standby', false, now() - interval '9 hours' from things where device_id = 'SPD-CAR-107'
      on conflict (thing_id) do update set status = excluded.status, enroute = false,
        heartbeat_at = excluded.heartbeat_at`);
    const status = async () =>
      (
        await client.query<{ status: string }>(`select s.status from thing_states s
          join things on things.id = s.thing_id where things.device_id = 'SPD-CAR-107'`)
      ).rows;
    const completedRuns = async () =>
      (
        await client.query<SweepRun>(`select singleton_on, started_on, completed_on
          from pgboss.job where name = 'status-sweep' and state = 'completed' order by started_on`)
      ).rows;
    // Until three sweeps have run, whichever process ran them.
    await expect
      .poll(async () => (await completedRuns()).length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(3);
    await expect.poll(status, { timeout: 60_000 }).toEqual([{ status: 'pending' }]);

    const runs = await completedRuns();
    expect(runs.length).toBeGreaterThanOrEqual(3);
    // One job per one-second slot of the database clock, whichever process sent it.
    const slots = runs.map((run) => run.singleton_on?.getTime());
    expect(new Set(slots).size).toBe(slots.length);
    // No run starts before the previous one completed.
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i]!.started_on.getTime()).toBeGreaterThanOrEqual(runs[i - 1]!.completed_on.getTime());
    }
    for (const server of [first, second]) expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
