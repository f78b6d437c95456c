import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from './job-definition';
import { engineName, testLog, until, useJobQueues } from './test-support';

describe(`job queue on ${engineName}`, () => {
  const fixture = useJobQueues();
  const open = (log = testLog()) => fixture.start(log.log);
  const jobState = async (id: string) =>
    (
      await sql<{ state: string }>`select state::text from pgboss.job where id = ${id}::uuid`.execute(
        fixture.opened().db,
      )
    ).rows[0]?.state;
  /**
   * Waits for the job's failed attempt `attempt` to be stored for a retry; answers the delay it was
   * given from the attempt's start (pg-boss compares start_after with the database's clock), then
   * moves its start to now, so the retry runs without waiting that long.
   */
  const retryNow = async (id: string, attempt: number): Promise<number> => {
    const db = fixture.opened().db;
    const retry = async () =>
      (
        await sql<{ delay_ms: number }>`
          select extract(epoch from start_after - started_on) * 1000 as delay_ms from pgboss.job
          where id = ${id}::uuid and state = 'retry' and retry_count = ${attempt - 1}`.execute(db)
      ).rows[0];
    await until(async () => (await retry()) !== undefined);
    const { delay_ms } = (await retry())!;
    await sql`update pgboss.job set start_after = now() where id = ${id}::uuid`.execute(db);
    return Number(delay_ms);
  };

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
    const attempts: Array<{ retryCount: number }> = [];
    await queue.work(flaky, (_payload, job) => {
      attempts.push({ retryCount: job.retryCount });
      if (attempts.length < 3) throw new Error(`attempt ${attempts.length} fails`);
    });
    const id = await queue.send(flaky, { n: 1 });
    // pg-boss: the n-th retry waits delay x 2^(n-1) x (1 to 2), so at least 1 s, then at least 2 s
    // after the failed attempt (which started before it failed).
    expect(await retryNow(id!, 1)).toBeGreaterThanOrEqual(1000);
    expect(await retryNow(id!, 2)).toBeGreaterThanOrEqual(2000);
    await until(async () => (await jobState(id!)) === 'completed');
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
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
    expect(await retryNow(id!, 1)).toBeGreaterThanOrEqual(1000);
    await until(async () => (await queue.state()).queues.doomed?.failed === 1);
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
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await queue.work(report, async () => {
      started = true;
      await released;
      finished = true;
    });
    const id = await queue.send(report, {});
    await until(() => started);
    let stopped = false;
    const stopping = Promise.all([queue.stop(), queue.stop()]).then(() => (stopped = true));
    // Stopping has had a statement's time on the database (on PGlite, in line behind the queue's own)
    // and still waits for the handler.
    await sql`select 1`.execute(fixture.opened().db);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    await queue.stop();
    expect(await queue.state()).toEqual({ running: false, queues: {} });
    expect(await jobState(id!)).toBe('completed');
    await expect(queue.send(report, {})).rejects.toThrow(/not running/);
  });
});
