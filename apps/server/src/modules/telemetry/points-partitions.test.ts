/**
 * The points' monthly partitions as time passes (the clock given to PointsPartitions): months made
 * ahead, what the default partition held of a new month moved into it, and the retention dropping
 * whole months and the default partition's old points. On the embedded database, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { MONTHS_AHEAD, PointsPartitions, pointsMonth } from './points-partitions';
import { PointsPartitionsRepository } from './points-partitions.repository';

let t: TestApp;
let thingId: string;
beforeEach(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  thingId = (await given.asset((await given.organization()).id)).id;
});
afterEach(() => t.close());

const partitionsAt = (now: string, retentionDays = 0) =>
  new PointsPartitions(new PointsPartitionsRepository(t.db), retentionDays, () => new Date(now));

/** Stores a point recorded at `at`. */
const point = (at: string) =>
  sql`insert into points (thing_id, recorded_at, lat, lng) values (${thingId}, ${at}, 39.8, -89.6)`.execute(
    t.db,
  );

/** The partition holding each point, by the time it was recorded. */
async function partitionsOfPoints(): Promise<Record<string, string>> {
  const { rows } = await sql<{ at: Date; partition: string }>`select recorded_at as at,
      tableoid::regclass::text as partition from points where thing_id = ${thingId}`.execute(t.db);
  return Object.fromEntries(rows.map(({ at, partition }) => [at.toISOString(), partition]));
}

describe('points partitioned by month', () => {
  it('has this month and the months ahead from the start, the rest in the default partition', async () => {
    const months = await new PointsPartitionsRepository(t.db).monthNames();
    for (let offset = 0; offset <= MONTHS_AHEAD; offset++)
      expect(months).toContain(pointsMonth(new Date(), offset).name);
    const thisMonth = pointsMonth(new Date());
    await point(thisMonth.from.toISOString());
    await point('2001-02-03T04:05:06.000Z');
    expect(await partitionsOfPoints()).toEqual({
      [thisMonth.from.toISOString()]: thisMonth.name,
      '2001-02-03T04:05:06.000Z': 'points_default',
    });
  });

  it('makes the months ahead as time passes, taking in what the default partition held of them', async () => {
    // Years on, after an outage longer than the months made ahead: a report reached a missing month.
    await point('2031-07-10T12:00:00.000Z');
    expect(await partitionsOfPoints()).toEqual({ '2031-07-10T12:00:00.000Z': 'points_default' });
    const maintained = await partitionsAt('2031-06-15T08:00:00.000Z').maintain();
    expect(maintained).toEqual({
      created: ['points_2031_06', 'points_2031_07', 'points_2031_08', 'points_2031_09'],
      dropped: [],
      deletedFromDefault: 0,
    });
    expect(await partitionsOfPoints()).toEqual({ '2031-07-10T12:00:00.000Z': 'points_2031_07' });
    // Its indexes came with it: the same report again is the same point.
    await sql`insert into points (thing_id, recorded_at, lat, lng)
      values (${thingId}, '2031-07-10T12:00:00.000Z', 39.8, -89.6)
      on conflict (thing_id, recorded_at, lat, lng) do nothing`.execute(t.db);
    expect(Object.keys(await partitionsOfPoints())).toHaveLength(1);
    // Again: nothing more to do.
    expect(await partitionsAt('2031-06-15T09:00:00.000Z').maintain()).toEqual({
      created: [],
      dropped: [],
      deletedFromDefault: 0,
    });
  });

  it('drops whole months older than the retention, and the default partition’s older points', async () => {
    const thisMonth = pointsMonth(new Date());
    const earlier = new Date(thisMonth.from.getTime() + 86_400_000).toISOString();
    await point(earlier);
    await point('2001-02-03T04:05:06.000Z');
    // Kept without a retention, however old.
    const later = pointsMonth(new Date(), 8);
    expect((await partitionsAt(later.from.toISOString()).maintain()).dropped).toEqual([]);
    expect(Object.keys(await partitionsOfPoints())).toHaveLength(2);

    // Eight months on, keeping 62 days: this month is gone with its point, the default's old point too.
    // A point of 40 days ago stays: it is in the default partition, as its month was never made (no
    // server ran the job then), and goes once it passes the retention too.
    const kept = new Date(later.from.getTime() - 40 * 86_400_000).toISOString();
    await point(kept);
    const maintained = await partitionsAt(later.from.toISOString(), 62).maintain();
    expect(maintained.dropped).toContain(thisMonth.name);
    expect(maintained.deletedFromDefault).toBe(1);
    expect(await partitionsOfPoints()).toEqual({ [kept]: 'points_default' });
    expect(await new PointsPartitionsRepository(t.db).monthNames()).not.toContain(thisMonth.name);
  });
});
