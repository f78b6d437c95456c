/** Asset rules that live below the routes: bulk authorisation, nickname uniqueness, timestamps. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { thingTypeId } from '../../seed/reference-data';
import { stableId } from '../../seed/stable-id';
import { ThingsRepository } from './things.repository';

let t: TestApp;
/** A police department's twelve cars (Patrol 101 to 112), a tow fleet's truck, their people. */
let SPD: string;
let PRAIRIE: string;
const springfield: string[] = [];
let towTruck: string;
let user: string;
let admin: string;
let platform: string;
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  SPD = (await given.organization()).id;
  PRAIRIE = (await given.organization({ type: 'acs' })).id;
  for (let n = 101; n <= 112; n += 1) springfield.push((await given.asset(SPD, { name: `Patrol ${n}` })).id);
  towTruck = (await given.asset(PRAIRIE, { type: 'tow' })).id;
  user = (await given.user(SPD, 'USER')).email;
  admin = (await given.user(SPD, 'ADMIN')).email;
  platform = (await given.user(PRAIRIE, 'PLATFORM_ADMIN')).email;
});
/** Patrol 103. */
const car103 = () => springfield[2]!;
afterAll(() => t.close());

const get = async (url: string, email: string) =>
  t.app.inject({ method: 'GET', url, headers: await t.as(email).headers() });
const coverage = (ids: string[]) =>
  get(`/api/things/coverage?${ids.map((id) => `thing_ids[]=${id}`).join('&')}`, user);

/**
 * How many SQL statements `run` sends. Only its own count: work the app does meanwhile in the
 * background (an announced asset loaded by the device directory, a job's poll) runs outside `run`'s
 * async context.
 */
async function queriesOf(run: () => Promise<unknown>): Promise<number> {
  const counting = new AsyncLocalStorage<true>();
  const executor = t.db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  let count = 0;
  const spy = vi.spyOn(executor, 'executeQuery').mockImplementation((query) => {
    if (counting.getStore()) count += 1;
    return execute(query);
  });
  try {
    await counting.run(true, run);
    return count;
  } finally {
    spy.mockRestore();
  }
}

describe('GET /api/things/coverage', () => {
  it('authorises all the assets at once: as many queries for many assets as for one', async () => {
    expect(springfield.length).toBeGreaterThan(10);
    // Signed in before counting (the sign-in's own queries are not the coverage's).
    await t.as(user).headers();
    const one = await queriesOf(async () =>
      expect((await coverage(springfield.slice(0, 1))).statusCode).toBe(200),
    );
    const many = await queriesOf(async () => {
      const response = await coverage(springfield);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveLength(springfield.length);
    });
    // Counted at all (the request ran inside the counting context).
    expect(one).toBeGreaterThan(0);
    expect(many).toBe(one);
  });

  it('answers "Asset not found" when any asset is one the caller may not see, or none', async () => {
    const prairie = towTruck;
    for (const ids of [
      [springfield[0]!, prairie],
      [prairie, springfield[0]!],
      [springfield[0]!, stableId('no such asset')],
    ]) {
      const response = await coverage(ids);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Asset not found');
    }
  });
});

describe('one nickname per asset of an organisation', () => {
  const MESSAGE = 'Asset nickname cannot be updated: another asset of the organization is called';

  it('registration refuses a nickname another asset of the organisation has, in any case', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: await t.as(platform).headers(),
      payload: {
        device_id: 'NICK-CLASH-1',
        thing_type_id: thingTypeId('police'),
        organization_id: SPD,
        nickname: 'PATROL 102',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'nickname_taken', message: `${MESSAGE} "PATROL 102"` });
    // Other organisations may use the name.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: await t.as(platform).headers(),
      payload: {
        device_id: 'NICK-CLASH-2',
        thing_type_id: thingTypeId('tow'),
        organization_id: PRAIRIE,
        nickname: 'Patrol 102',
      },
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('the database refuses a clash the check missed (two edits at once) with the same 422', async () => {
    // As if another edit took the name between the check and the write.
    const check = vi.spyOn(ThingsRepository.prototype, 'findNicknameClash').mockResolvedValueOnce(undefined);
    try {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/things/${car103()}`,
        headers: await t.as(admin).headers(),
        payload: { in_service: true, is_publicly_alerting: true, nickname: 'patrol 105' },
      });
      expect(check).toHaveBeenCalledOnce();
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: 'nickname_taken', message: `${MESSAGE} "patrol 105"` });
    } finally {
      check.mockRestore();
    }
    const unchanged = await get(`/api/things/${car103()}`, user);
    expect(unchanged.json().nickname).toBe('Patrol 103');
  });
});

describe('last_updated_timestamp', () => {
  it.each(['yesterday', '1e20', '-9e15'])('refuses %s with 400', async (value) => {
    const response = await get(`/api/organization/things?last_updated_timestamp=${value}`, user);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('last_updated_timestamp must be epoch seconds or an ISO date');
  });

  it('reads seconds, milliseconds and ISO dates alike', async () => {
    const at = new Date(Date.now() - 60_000);
    const totals = [];
    for (const value of [Math.floor(at.getTime() / 1000), at.getTime(), at.toISOString()]) {
      const response = await get(
        `/api/organization/things?last_updated_timestamp=${encodeURIComponent(value)}`,
        user,
      );
      expect(response.statusCode).toBe(200);
      totals.push(response.json().meta.total);
    }
    expect(new Set(totals).size).toBe(1);
  });
});
