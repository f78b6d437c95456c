/**
 * A closure's activity history (`GET /api/organization/closure/{id}/history`): each change recorded
 * with who made it (the user, the schedule, the asset's check-in), newest first, bounded per closure;
 * read by whoever sees the closure, 404 for other organisations' and deleted closures as elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSURE_HISTORY_KEPT } from '@flare/core/closures/closure-history';
import { CLOSURE_MESSAGES, type Closure } from '@flare/core/schemas/closure';
import { ClosureHistorySchema, type ClosureHistoryEntry } from '@flare/core/schemas/closure-history';
import { closurePayload as closure } from '../../../test/closure-payload';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { closureScheduleJob } from './closure-schedule.job';

let t: TestApp;
/** An organisation's admin and user, another organisation's admin, a platform administrator. */
let ADMIN: string;
let USER: string;
let ROADWORKS: string;
let PLATFORM: string;
/** The organisation's asset, silent for five days. */
let car: { id: string; deviceId: string };
const PATH = '/api/organization/closure';
let adminName = '';

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  const [own, other, platform] = [
    await given.organization(),
    await given.organization({ type: 'road_works' }),
    await given.organization({ type: 'acs' }),
  ];
  ADMIN = (await given.user(own.id, 'ADMIN')).email;
  USER = (await given.user(own.id, 'USER')).email;
  ROADWORKS = (await given.user(other.id, 'ADMIN')).email;
  PLATFORM = (await given.user(platform.id, 'PLATFORM_ADMIN')).email;
  car = await given.asset(own.id, { heardAt: new Date(Date.now() - 5 * 86_400_000) });
  const admin = await t.db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('email', '=', ADMIN)
    .executeTakeFirstOrThrow();
  adminName = `${admin.first_name} ${admin.last_name}`;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, email: string, payload?: object) =>
  t.as(email).request(method, url, payload);

const create = async (patch: Record<string, unknown> = {}) => {
  const created = await call('POST', PATH, ADMIN, closure(patch));
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Closure>();
};
const historyOf = async (id: string, email = USER): Promise<ClosureHistoryEntry[]> => {
  const response = await call('GET', `${PATH}/${id}/history`, email);
  expect(response.statusCode, response.body).toBe(200);
  return ClosureHistorySchema.parse(response.json()).data;
};
const summary = (entries: ClosureHistoryEntry[]) =>
  entries.map((entry) => [entry.action, entry.user?.name ?? entry.source, entry.is_active]);
const toggle = (id: string, isActive: boolean) =>
  call('PUT', `${PATH}/${id}`, ADMIN, { uuid: id, is_active: isActive, end_time: null });

describe("a closure's history", () => {
  it('records no change for a save that changed nothing, and one for a save that did', async () => {
    const start = new Date(Date.now() - 600_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const body = closure({ is_active: true, start_time: start, end_time: end, road_names: ['Main St'] });
    const created = await call('POST', PATH, ADMIN, body);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Closure>();
    const again = await call('PUT', `${PATH}/${id}`, ADMIN, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(summary(await historyOf(id))).toEqual([['created', adminName, true]]);
    const renamed = await call('PUT', `${PATH}/${id}`, ADMIN, { ...body, description: 'Deck and rails' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(summary(await historyOf(id)).map(([action]) => action)).toEqual(['changed', 'created']);
    // Switched off from its row (ending now, to the second), then saved as the form shows it: off, no times.
    expect((await toggle(id, false)).statusCode).toBe(200);
    const off = {
      ...body,
      description: 'Deck and rails',
      is_active: false,
      start_time: null,
      end_time: null,
    };
    expect((await call('PUT', `${PATH}/${id}`, ADMIN, off)).statusCode).toBe(200);
    expect(summary(await historyOf(id)).map(([action]) => action)).toEqual([
      'switched_off',
      'changed',
      'created',
    ]);
  });

  it('records who added, switched on, changed and switched off a closure, newest first', async () => {
    const saved = await create();
    expect((await toggle(saved.id, true)).statusCode).toBe(200);
    const changed = await call(
      'PUT',
      `${PATH}/${saved.id}`,
      ADMIN,
      closure({ description: 'Lanes 2 and 3', is_active: true, end_time: new Date(Date.now() + 3_600_000) }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await toggle(saved.id, false)).statusCode).toBe(200);
    const history = await historyOf(saved.id);
    expect(summary(history)).toEqual([
      ['switched_off', adminName, false],
      ['changed', adminName, true],
      ['switched_on', adminName, true],
      ['created', adminName, false],
    ]);
    expect(history[0]!.user).toMatchObject({ name: adminName });
    expect(history[0]!.source).toBe('user');
    const times = history.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times[0]).toBeLessThanOrEqual(Date.now());
  });

  it('names the schedule for scheduled starts and ends', async () => {
    const start = new Date(Date.now() + 120_000);
    start.setUTCSeconds(0, 0);
    const end = new Date(start.getTime() + 60_000);
    const saved = await create({
      is_scheduled: true,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
    });
    for (const [action, at, count] of [
      ['activate', start, 2],
      ['deactivate', end, 3],
    ] as const) {
      await t.app.jobs.send(closureScheduleJob, { closure_id: saved.id, action, at: at.toISOString() });
      await expect.poll(async () => (await historyOf(saved.id)).length, { timeout: 15_000 }).toBe(count);
    }
    expect(summary(await historyOf(saved.id))).toEqual([
      ['switched_off', 'schedule', false],
      ['switched_on', 'schedule', true],
      ['created', adminName, false],
    ]);
  });

  it("names the asset's check-in that brings an automated closure back to standby", async () => {
    const saved = await create({ closure_type: 'automated', thing_id: car.id });
    expect(saved.status).toBe('offline');
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=${car.deviceId}&timestamp=${Date.now()}&lat=39.8&lon=-89.65&speed=0`,
    });
    expect(report.statusCode, report.body).toBe(200);
    await expect
      .poll(async () => summary(await historyOf(saved.id)), { timeout: 15_000 })
      .toEqual([
        ['back_to_standby', 'asset', false],
        ['created', adminName, false],
      ]);
  });

  it(`keeps the newest ${CLOSURE_HISTORY_KEPT} changes of a closure`, async () => {
    const saved = await create();
    const longAgo = Date.now() - 86_400_000;
    await t.db
      .insertInto('closure_history')
      .values(
        Array.from({ length: CLOSURE_HISTORY_KEPT }, (_, i) => ({
          closure_id: saved.id,
          at: new Date(longAgo + i * 1000),
          action: 'changed' as const,
          source: 'user' as const,
          user_id: null,
          user_name: null,
          is_active: false,
        })),
      )
      .execute();
    expect((await toggle(saved.id, true)).statusCode).toBe(200);
    const history = await historyOf(saved.id);
    expect(history).toHaveLength(CLOSURE_HISTORY_KEPT);
    expect(history[0]).toMatchObject({ action: 'switched_on', user: { name: adminName } });
    const stored = await t.db
      .selectFrom('closure_history')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('at').as('oldest')])
      .where('closure_id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(CLOSURE_HISTORY_KEPT);
    // With the creation and the switch on, 502 changes: the two oldest made way.
    expect(new Date(stored.oldest).getTime()).toBe(longAgo + 2000);
  });

  it('is read by whoever sees the closure; others, deleted and unknown closures answer as elsewhere', async () => {
    const saved = await create();
    expect(await historyOf(saved.id, PLATFORM)).toHaveLength(1);
    const foreign = await call('GET', `${PATH}/${saved.id}/history`, ROADWORKS);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: CLOSURE_MESSAGES.notFound });
    const unknown = await call('GET', `${PATH}/00000000-0000-4000-8000-000000000000/history`, USER);
    expect(unknown.statusCode).toBe(404);
    const malformed = await call('GET', `${PATH}/not-an-id/history`, USER);
    expect(malformed.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: `${PATH}/${saved.id}/history` });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('DELETE', `${PATH}/${saved.id}`, ADMIN)).statusCode).toBe(200);
    expect((await call('GET', `${PATH}/${saved.id}/history`, ADMIN)).statusCode).toBe(404);
    // The deletion itself is recorded, kept with the closure.
    const rows = await t.db
      .selectFrom('closure_history')
      .select('action')
      .where('closure_id', '=', saved.id)
      .orderBy('at', 'desc')
      .execute();
    expect(rows.map((row) => row.action)).toEqual(['deleted', 'created']);
  });
});
