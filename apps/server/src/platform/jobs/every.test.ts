import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from './job-definition';
import { engineName, sleep, testLog, useJobQueues } from './test-support';

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

  /** `stopAAfterMs`: process A stops then, and B carries on; then both stop together. */
  const runTwoProcesses = async (
    name: string,
    handlerMs: number,
    forMs: number,
    stopAAfterMs = forMs,
  ): Promise<Run[]> => {
    const job = defineJob(name, z.object({}), { policy: 'stately', expireInSeconds: 30 });
    const runs: Run[] = [];
    for (const processName of ['A', 'B']) {
      const queue = await fixture.start(log.log);
      await queue.work(job, async (_payload, { id }) => {
        const start = Date.now();
        await sleep(handlerMs);
        runs.push({ process: processName, jobId: id, start, end: Date.now() });
      });
    }
    await Promise.all(queues.map((queue) => queue.every(job, 1000)));
    if (stopAAfterMs < forMs) {
      await sleep(stopAAfterMs);
      await queues[0]!.stop();
      await sleep(forMs - stopAAfterMs);
    } else {
      await sleep(forMs);
    }
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
    return runs.sort((a, b) => a.start - b.start);
  };

  const expectNoOverlap = (runs: Run[]) => {
    for (let i = 1; i < runs.length; i += 1) expect(runs[i]!.start).toBeGreaterThanOrEqual(runs[i - 1]!.end);
  };

  /** Jobs of the queue per one-second throttling slot: pg-boss's record of which tick each job is. */
  const jobsPerSlot = async (name: string) =>
    (
      await sql<{ slot: Date; jobs: number }>`
        select singleton_on as slot, count(*)::int as jobs from pgboss.job
        where name = ${name} group by singleton_on order by singleton_on`.execute(fixture.opened().db)
    ).rows;

  it('runs each 1 s tick once, in one of the two processes; when one stops the other carries on', async () => {
    const runs = await runTwoProcesses('tick-short', 200, 6_000, 3_000);
    expectNoOverlap(runs);
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.length).toBeLessThanOrEqual(8);
    const bRuns = runs.filter((run) => run.process === 'B').length;
    expect(bRuns).toBeGreaterThanOrEqual(2);
    expect(new Set(runs.map((run) => run.jobId)).size).toBe(runs.length);
    const slots = await jobsPerSlot('tick-short');
    expect(slots.every((slot) => slot.jobs === 1)).toBe(true);
    expect(slots.length).toBeGreaterThanOrEqual(runs.length);
    // After the first (at once, mid-slot), runs are about one interval apart.
    for (let i = 2; i < runs.length; i += 1) {
      expect(runs[i]!.start - runs[i - 1]!.start).toBeGreaterThan(500);
    }
    expect(log.at('error')).toEqual([]);
  });

  it('never runs two at once when a run outlasts the interval; ticks meanwhile merge into one', async () => {
    const runs = await runTwoProcesses('tick-long', 1_300, 6_000);
    expectNoOverlap(runs);
    // 6 s of 1.3 s runs back to back: 5 (the one running at stop() finishes), maybe 4.
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.length).toBeLessThanOrEqual(5);
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
