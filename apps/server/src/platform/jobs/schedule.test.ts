import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from './job-definition';
import { fireJobId } from './keyed-schedules';
import { engineName, testLog, until, useJobQueues } from './test-support';

const report = defineJob('monthly-report', z.object({ organizationId: z.string() }));

describe(`keyed schedules on ${engineName}`, () => {
  const fixture = useJobQueues();
  const log = testLog();
  const open = (scheduleCheckSeconds = 1) => fixture.start(log.log, { scheduleCheckSeconds });

  it('keeps one schedule per key: two keys make two schedules, unschedule removes one', async () => {
    const queue = await open(3600);
    await queue.schedule(
      report,
      '0 6 1 * *',
      { organizationId: 'a' },
      { key: 'org-a', tz: 'America/Chicago' },
    );
    await queue.schedule(report, '0 6 1 * *', { organizationId: 'b' }, { key: 'org-b' });
    await queue.schedule(
      report,
      '30 6 1 * *',
      { organizationId: 'a' },
      { key: 'org-a', tz: 'America/Chicago' },
    );
    expect(await queue.schedules(report)).toEqual([
      { key: 'org-a', cron: '30 6 1 * *', tz: 'America/Chicago', payload: { organizationId: 'a' } },
      { key: 'org-b', cron: '0 6 1 * *', tz: 'UTC', payload: { organizationId: 'b' } },
    ]);
    expect(await queue.unschedule(report, 'org-b')).toBe(true);
    expect(await queue.unschedule(report, 'org-b')).toBe(false);
    expect((await queue.schedules(report)).map((s) => s.key)).toEqual(['org-a']);
    await expect(queue.schedule(report, 'not cron', { organizationId: 'a' })).rejects.toThrow();
    await expect(
      queue.schedule(report, '0 6 * * *', { organizationId: 'a' }, { tz: 'Mars/Olympus' }),
    ).rejects.toThrow();
    await expect(queue.schedule(report, '0 6 * * *', {} as { organizationId: string })).rejects.toThrow(
      /invalid payload/,
    );
    expect(await queue.unschedule(report, 'org-a')).toBe(true);
  });

  it('sends each fire of each key once, though two processes check; an unscheduled key stops', async () => {
    const job = defineJob('closure-tick', z.object({ key: z.string() }));
    const runs: Array<{ key: string; id: string }> = [];
    const [a, b] = [await open(), await open()];
    for (const queue of [a, b]) await queue.work(job, ({ key }, { id }) => void runs.push({ key, id }));
    const ofKey = (key: string) => runs.filter((run) => run.key === key);
    // Cron with seconds (6 fields): every 2 s. (Whether every fire is sent when processes check every
    // second: bench/job-timing.bench.ts.)
    await a.schedule(job, '*/2 * * * * *', { key: 'x' }, { key: 'x' });
    await b.schedule(job, '*/2 * * * * *', { key: 'y' }, { key: 'y' });
    await until(() => ofKey('x').length >= 1 && ofKey('y').length >= 1);
    await a.unschedule(job, 'y');
    const yRunsAtUnschedule = ofKey('y').length;
    // Two more fires of x, each checked by both processes: y's schedule was checked as often.
    const xRunsAtUnschedule = ofKey('x').length;
    await until(() => ofKey('x').length >= xRunsAtUnschedule + 2);
    // One job per fire: a fire sent twice would run twice under the same id.
    expect(new Set(runs.map((run) => run.id)).size).toBe(runs.length);
    expect(yRunsAtUnschedule).toBeGreaterThanOrEqual(1);
    expect(ofKey('y').length).toBeLessThanOrEqual(yRunsAtUnschedule + 1);
    expect(log.at('error')).toEqual([]);
  });

  it('a fire missed while no process checked is sent once at the next check', async () => {
    const job = defineJob('missed-fire', z.object({}));
    const first = await open(3600); // checks at start only
    await first.schedule(job, '0 6 * * *', {}, { key: 'k' });
    await first.stop();
    // A fire passes unseen: the schedule, as stored, was set before its latest fire.
    const db = fixture.opened().db;
    await sql`update pgboss.flare_schedule set updated_on = updated_on - interval '2 days'
      where name = ${job.name}`.execute(db);
    const second = await open(3600); // its check at start finds the fire due
    const ids: string[] = [];
    await second.work(job, (_payload, { id }) => void ids.push(id));
    await until(() => ids.length === 1);
    // The check at start is over once the fire is marked; it sent one job, and no process checks again.
    const fired = async () =>
      (
        await sql<{ fired: boolean; jobs: number }>`
          select (select fired_on is not null from pgboss.flare_schedule where name = ${job.name}) as fired,
            (select count(*)::int from pgboss.job where name = ${job.name}) as jobs`.execute(db)
      ).rows[0]!;
    await until(async () => (await fired()).fired);
    expect((await fired()).jobs).toBe(1);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('fireJobId', () => {
  it('is one UUID per job, key and fire time', () => {
    const at = new Date('2026-12-01T06:00:00Z');
    expect(fireJobId('r', 'a', at)).toBe(fireJobId('r', 'a', new Date(at)));
    expect(fireJobId('r', 'a', at)).not.toBe(fireJobId('r', 'b', at));
    expect(fireJobId('r', 'a', at)).not.toBe(fireJobId('r', 'a', new Date(at.getTime() + 60_000)));
  });
});
