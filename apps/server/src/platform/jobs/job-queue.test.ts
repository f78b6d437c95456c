import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from './job-definition';
import { engineName, sleep, testLog, until, useJobQueues } from './test-support';

describe(`job queue on ${engineName}`, () => {
  const fixture = useJobQueues();
  const open = (log = testLog()) => fixture.start(log.log);
  const jobState = async (id: string) =>
    (
      await sql<{ state: string }>`select state::text from pgboss.job where id = ${id}::uuid`.execute(
        fixture.opened().db,
      )
    ).rows[0]?.state;

  it('runs a job with its typed payload, checked when sent and again when received', async () => {
    const log = testLog();
    const queue = await open(log);
    const mail = defineJob('mail-typed', z.object({ to: z.email(), subject: z.string().min(1) }));
    const received: Array<{ to: string; subject: string; retryCount: number }> = [];
    await queue.work(mail, (payload, job) => {
      received.push({ ...payload, retryCount: job.retryCount });
    });
    const id = await queue.send(mail, { to: 'ops@example.org', subject: 'Closure starts' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => received.length === 1);
    expect(received).toEqual([{ to: 'ops@example.org', subject: 'Closure starts', retryCount: 0 }]);
    await expect(queue.send(mail, { to: 'not an address', subject: 'x' })).rejects.toThrow(/invalid payload/);
    await until(async () => (await jobState(id!)) === 'completed');
    expect(log.at('error')).toEqual([]);
  });

  it('retries a failing job with exponential backoff, then it succeeds', async () => {
    const log = testLog();
    const queue = await open(log);
    const flaky = defineJob('flaky', z.object({ n: z.number() }), {
      retryLimit: 2,
      retryDelaySeconds: 1,
      retryBackoff: true,
    });
    const attempts: Array<{ at: number; retryCount: number }> = [];
    await queue.work(flaky, (_payload, job) => {
      attempts.push({ at: Date.now(), retryCount: job.retryCount });
      if (attempts.length < 3) throw new Error(`attempt ${attempts.length} fails`);
    });
    const id = await queue.send(flaky, { n: 1 });
    await until(async () => (await jobState(id!)) === 'completed', 15_000);
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    // pg-boss: the n-th retry waits delay x 2^(n-1) x (1 to 2), so at least 1 s, then at least 2 s.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1950);
    expect(log.at('warn').map((l) => l.msg)).toEqual([
      'job attempt failed, it will be retried',
      'job attempt failed, it will be retried',
    ]);
    expect(log.at('error')).toEqual([]);
  });

  it('a job out of retries ends failed, and state() counts it', async () => {
    const log = testLog();
    const queue = await open(log);
    const doomed = defineJob('doomed', z.object({}), {
      retryLimit: 1,
      retryDelaySeconds: 1,
      retryBackoff: false,
    });
    let attempts = 0;
    await queue.work(doomed, () => {
      attempts += 1;
      return Promise.reject(new Error('always fails'));
    });
    const id = await queue.send(doomed, {});
    await until(async () => (await queue.state()).queues.doomed?.failed === 1, 15_000);
    expect(attempts).toBe(2);
    expect(await jobState(id!)).toBe('failed');
    expect(log.at('error').map((l) => l.msg)).toEqual(['job failed, no retries left']);
  });

  it('state() counts queued and active jobs per queue', async () => {
    const queue = await open();
    const slow = defineJob('slow', z.object({ n: z.number() }));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const done: number[] = [];
    await queue.work(slow, async ({ n }) => {
      await released;
      done.push(n);
    });
    await queue.send(slow, { n: 1 });
    await queue.send(slow, { n: 2 });
    await queue.send(slow, { n: 3 }, { startAfter: 60 });
    await until(async () => (await queue.state()).queues.slow?.active === 1);
    expect((await queue.state()).queues.slow).toEqual({ queued: 2, active: 1, failed: 0 });
    release();
    await until(() => done.length === 2);
    await until(async () => (await queue.state()).queues.slow?.active === 0);
    expect(await queue.state()).toMatchObject({ running: true, queues: { slow: { queued: 1, active: 0 } } });
  });

  it('stop() lets a running handler finish, is safe to call twice, and reports not running', async () => {
    const queue = await open();
    const report = defineJob('report', z.object({}));
    let started = false;
    let finished = false;
    await queue.work(report, async () => {
      started = true;
      await sleep(600);
      finished = true;
    });
    const id = await queue.send(report, {});
    await until(() => started);
    await Promise.all([queue.stop(), queue.stop()]);
    expect(finished).toBe(true);
    await queue.stop();
    expect(await queue.state()).toEqual({ running: false, queues: {} });
    expect(await jobState(id!)).toBe('completed');
    await expect(queue.send(report, {})).rejects.toThrow(/not running/);
  });
});
