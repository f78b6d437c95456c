import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from './job-definition';
import { engineName, testLog, until, useJobQueues } from './test-support';

interface Run {
  process: string;
  jobId: string;
  start: number;
  end: number;
}

/**
 * Two JobQueues on one database, as two server processes have: on PostgreSQL each has its own pool
 * (separate connections); PGlite is one connection, which they share.
 */
describe(`every() with two processes on ${engineName}`, () => {
  const fixture = useJobQueues();
  const { queues } = fixture;
  const log = testLog();

  /** Starts processes A and B, each working `name` and offering it every second. */
  const startTwoProcesses = async (
    name: string,
    handler: (run: Run) => Promise<void> = () => Promise.resolve(),
  ) => {
    const job = defineJob(name, z.object({}), { policy: 'stately', expireInSeconds: 30 });
    const runs: Run[] = [];
    for (const processName of ['A', 'B']) {
      const queue = await fixture.start(log.log);
      await queue.work(job, async (_payload, { id }) => {
        const run = { process: processName, jobId: id, start: Date.now(), end: Number.NaN };
        runs.push(run);
        await handler(run);
        run.end = Date.now();
      });
    }
    await Promise.all(queues.map((queue) => queue.every(job, 1000)));
    return runs;
  };
  const stopAll = () => Promise.all(queues.splice(0).map((queue) => queue.stop()));
  const finished = (runs: Run[]) => runs.filter((run) => !Number.isNaN(run.end)).length;

  const expectNoOverlap = (runs: Run[]) => {
    const sorted = [...runs].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i += 1)
      expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
  };

  /** Jobs of the queue per one-second throttling slot: pg-boss's record of which tick each job is. */
  const jobsPerSlot = async (name: string) =>
    (
      await sql<{ slot: Date; jobs: number }>`
        select singleton_on as slot, count(*)::int as jobs from pgboss.job
        where name = ${name} group by singleton_on order by singleton_on`.execute(fixture.opened().db)
    ).rows;

  // How many runs come in a given time, and how far apart: bench/job-timing.bench.ts.
  it('runs each 1 s tick once, in one of the two processes; when one stops the other carries on', async () => {
    const runs = await startTwoProcesses('tick-short');
    await until(() => finished(runs) >= 3);
    await queues[0]!.stop();
    const atStop = runs.length;
    await until(() => runs.slice(atStop).filter((run) => run.process === 'B').length >= 2);
    await stopAll();
    expectNoOverlap(runs);
    expect(runs.slice(atStop).every((run) => run.process === 'B')).toBe(true);
    expect(new Set(runs.map((run) => run.jobId)).size).toBe(runs.length);
    const slots = await jobsPerSlot('tick-short');
    expect(slots.every((slot) => slot.jobs === 1)).toBe(true);
    expect(slots.length).toBeGreaterThanOrEqual(runs.length);
    expect(log.at('error')).toEqual([]);
  });

  it('never runs two at once when a run outlasts the interval; ticks meanwhile merge into one', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const runs = await startTwoProcesses('tick-long', () => released);
    await until(() => runs.length === 1);
    // The throttling slots are the database clock's (in UTC, without a time zone): wait until it has
    // moved two slots past the one of the job waiting behind the run, each slot offered by both
    // processes four times.
    const db = fixture.opened().db;
    const queued = async () =>
      (
        await sql<{ slots_since: number }>`
          select extract(epoch from (now() at time zone 'UTC') - singleton_on)::float as slots_since from pgboss.job
          where name = 'tick-long' and state = 'created'`.execute(db)
      ).rows;
    await until(async () => ((await queued())[0]?.slots_since ?? 0) >= 3);
    // One run, and one job waiting: the later ticks were merged into it.
    const states = await sql<{ state: string; jobs: number }>`
      select state::text, count(*)::int as jobs from pgboss.job where name = 'tick-long'
      group by state order by 1`.execute(db);
    expect(states.rows).toEqual([
      { state: 'active', jobs: 1 },
      { state: 'created', jobs: 1 },
    ]);
    expect(runs).toHaveLength(1);
    release();
    await until(() => finished(runs) >= 2);
    await stopAll();
    expectNoOverlap(runs);
    expect(log.at('error')).toEqual([]);
  });

  it('needs a stately job, a whole number of seconds, and once per process', async () => {
    const queue = await fixture.start(log.log);
    const standard = defineJob('tick-standard', z.object({}));
    await expect(queue.every(standard, 5000)).rejects.toThrow(/stately/);
    const stately = defineJob('tick-stately', z.object({}), { policy: 'stately' });
    await expect(queue.every(stately, 1500)).rejects.toThrow(/whole seconds/);
    await queue.every(stately, 60_000);
    await expect(queue.every(stately, 60_000)).rejects.toThrow(/already runs/);
  });
});
