/**
 * Alerting turned off comes back on after an hour, by a durable job: the job is queued to start an
 * hour later, and when it runs it turns alerting on unless someone changed it since.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type SignedInUser, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedInUser;
let CAR: string;

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const build = fixtures(t);
  const police = await build.organization();
  CAR = (await build.asset(police.id)).id;
  admin = t.as((await build.user(police.id, 'ADMIN')).email);
});
afterAll(() => t.close());

const setAlerting = (on: boolean) =>
  admin.request('PUT', `/api/things/${CAR}`, { id: CAR, in_service: true, is_publicly_alerting: on });
const offAt = async () =>
  (await t.db.selectFrom('things').select('alerting_off_at').where('id', '=', CAR).executeTakeFirstOrThrow())
    .alerting_off_at!;
const alerting = async () =>
  (
    await t.db
      .selectFrom('things')
      .select('is_publicly_alerting')
      .where('id', '=', CAR)
      .executeTakeFirstOrThrow()
  ).is_publicly_alerting;

it('queues the reset an hour after alerting is turned off, and the reset turns it back on', async () => {
  const before = Date.now();
  expect((await setAlerting(false)).statusCode).toBe(200);
  const { rows } = await sql<{ start_after: Date; data: { thing_id: string } }>`
    select start_after, data from pgboss.job where name = 'alerting-reset'`.execute(t.db);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.data.thing_id).toBe(CAR);
  const delay = new Date(rows[0]!.start_after).getTime() - before;
  expect(delay).toBeGreaterThanOrEqual(3_599_000);
  expect(delay).toBeLessThan(3_660_000);

  await t.app.things.resetAlerting(CAR, await offAt());
  expect(await alerting()).toBe(true);
});

it('leaves alerting alone when it was changed since the turn-off the job is for', async () => {
  await setAlerting(false);
  const first = await offAt();
  await setAlerting(true);
  await setAlerting(false);
  await t.app.things.resetAlerting(CAR, first);
  expect(await alerting()).toBe(false);
});
