/**
 * The job queue's timing, which its tests (apps/server/src/platform/jobs) no longer measure: how many
 * runs `every()` makes in a given time, and how far apart, with two processes (one stopping
 * half-way) and with runs longer than the interval; whether keyed schedules send every fire when
 * processes check every second; how long failed attempts wait for their retries. Each figure is a
 * ratio to what the design promises, on the embedded database.
 */
import { z } from 'zod';
import { openDatabase, type OpenedDatabase } from '@flare/server/src/platform/db/database';
import { defineJob } from '@flare/server/src/platform/jobs/job-definition';
import { JobQueue } from '@flare/server/src/platform/jobs/job-queue';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };

/** As the tests' queues: short polling and maintenance. */
async function startQueue(database: OpenedDatabase, scheduleCheckSeconds = 1): Promise<JobQueue> {
  const queue = new JobQueue(database, {
    log: quiet,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    scheduleCheckSeconds,
    stopTimeoutMs: 5_000,
  });
  await queue.start();
  return queue;
}

interface Run {
  start: number;
  end: number;
}

/** Two processes run `name` every second for `forMs`, each run `handlerMs`; process A stops after `stopAAfterMs`. */
async function everyRuns(
  database: OpenedDatabase,
  name: string,
  handlerMs: number,
  forMs: number,
  stopAAfterMs = forMs,
): Promise<Run[]> {
  const job = defineJob(name, z.object({}), { policy: 'stately', expireInSeconds: 30 });
  const runs: Run[] = [];
  const queues = [await startQueue(database), await startQueue(database)];
  for (const queue of queues) {
    await queue.work(job, async () => {
      const start = Date.now();
      await sleep(handlerMs);
      runs.push({ start, end: Date.now() });
    });
  }
  await Promise.all(queues.map((queue) => queue.every(job, 1000)));
  await sleep(stopAAfterMs);
  await queues[0]!.stop();
  await sleep(forMs - stopAAfterMs);
  await Promise.all(queues.map((queue) => queue.stop()));
  return runs.sort((a, b) => a.start - b.start);
}

/** Fires of an every-2-s keyed schedule sent while two processes check every second, and the fires due. */
async function scheduleFires(
  database: OpenedDatabase,
  forMs: number,
): Promise<{ runs: number; fires: number }> {
  const job = defineJob('bench-tick', z.object({ key: z.string() }));
  const queues = [await startQueue(database), await startQueue(database)];
  let runs = 0;
  for (const queue of queues) await queue.work(job, () => void (runs += 1));
  const since = Date.now();
  await queues[0]!.schedule(job, '*/2 * * * * *', { key: 'x' }, { key: 'x' });
  await sleep(forMs);
  const fires = Math.floor(Date.now() / 2000) - Math.floor(since / 2000);
  await Promise.all(queues.map((queue) => queue.stop()));
  return { runs, fires };
}

/** The waits between a job's attempts: it fails twice, retried after 1 s doubling. */
async function retryGaps(database: OpenedDatabase): Promise<number[]> {
  const queue = await startQueue(database);
  const flaky = defineJob('bench-flaky', z.object({}), {
    retryLimit: 2,
    retryDelaySeconds: 1,
    retryBackoff: true,
  });
  const attempts: number[] = [];
  await queue.work(flaky, () => {
    attempts.push(Date.now());
    if (attempts.length < 3) throw new Error('fails on purpose');
  });
  await queue.send(flaky, {});
  while (attempts.length < 3) await sleep(50);
  await queue.stop();
  return [attempts[1]! - attempts[0]!, attempts[2]! - attempts[1]!];
}

export async function benchJobTiming() {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    const short = await everyRuns(database, 'bench-every-short', 200, 6_000, 3_000);
    const gaps = short.slice(1).map((run, i) => run.start - short[i]!.start);
    const long = await everyRuns(database, 'bench-every-long', 1_300, 6_000);
    const fires = await scheduleFires(database, 7_500);
    const retries = await retryGaps(database);
    return [
      {
        name: 'every(1 s) with two processes, one stopping half-way: runs per second',
        ratio: short.length / 6,
        // After the first (at once, mid-slot), runs are about one interval apart.
        detail: `${short.length} runs in 6 s (expected 5 to 8); shortest gap after the first ${Math.min(...gaps.slice(1))} ms (expected over 500)`,
      },
      {
        name: 'every(1 s) with 1.3 s runs: runs against back-to-back runs',
        ratio: long.length / (6_000 / 1_300),
        detail: `${long.length} runs in 6 s (expected 4 or 5: ticks during a run merge into one)`,
      },
      {
        name: 'keyed schedule every 2 s, two processes checking every second: fires sent',
        ratio: fires.runs / fires.fires,
        detail: `${fires.runs} runs for ${fires.fires} fires (expected the fires, or one fewer)`,
      },
      {
        name: 'retries after 1 s doubling: waits against the least pg-boss promises',
        ratio: Math.min(retries[0]! / 1000, retries[1]! / 2000),
        detail: `${retries[0]} ms, then ${retries[1]} ms (at least 1,000 and 2,000)`,
      },
    ];
  } finally {
    await database.db.destroy();
  }
}
