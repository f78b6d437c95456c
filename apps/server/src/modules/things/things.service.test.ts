/** Asset rules that live below the routes: bulk authorisation, nickname uniqueness, timestamps. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { demoOrganizationId } from '../../seed/demo-data';
import { demoFleet, demoThingId } from '../../seed/demo-fleet';
import { thingTypeId } from '../../seed/reference-data';
import { stableId } from '../../seed/stable-id';
import { ThingsRepository } from './things.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
});
afterAll(() => t.close());

const get = async (url: string, email: string) =>
  t.app.inject({ method: 'GET', url, headers: await t.as(email).headers() });
const coverage = (ids: string[]) =>
  get(`/api/things/coverage?${ids.map((id) => `thing_ids[]=${id}`).join('&')}`, 'user@springfield-pd.test');

/** How many SQL statements `run` sends. */
async function queriesOf(run: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(t.db.getExecutor(), 'executeQuery');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('GET /api/things/coverage', () => {
  const springfield = demoFleet()
    .filter((a) => a.organization === 'springfield-pd')
    .map((a) => demoThingId(a.deviceId));

  it('authorises all the assets at once: as many queries for many assets as for one', async () => {
    expect(springfield.length).toBeGreaterThan(10);
    // Signed in before counting (the sign-in's own queries are not the coverage's).
    await t.as('user@springfield-pd.test').headers();
    const one = await queriesOf(async () =>
      expect((await coverage(springfield.slice(0, 1))).statusCode).toBe(200),
    );
    const many = await queriesOf(async () => {
      const response = await coverage(springfield);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveLength(springfield.length);
    });
    expect(many).toBe(one);
  });

  it('answers "Asset not found" when any asset is one the caller may not see, or none', async () => {
    const prairie = demoThingId('PSF-TOW-101');
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
      headers: await t.as('platform@prairie-fleet.test').headers(),
      payload: {
        device_id: 'NICK-CLASH-1',
        thing_type_id: thingTypeId('police'),
        organization_id: demoOrganizationId('springfield-pd'),
        nickname: 'PATROL 102',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'nickname_taken', message: `${MESSAGE} "PATROL 102"` });
    // Other organisations may use the name.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/things',
      headers: await t.as('platform@prairie-fleet.test').headers(),
      payload: {
        device_id: 'NICK-CLASH-2',
        thing_type_id: thingTypeId('tow'),
        organization_id: demoOrganizationId('prairie-fleet'),
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
        url: `/api/things/${demoThingId('SPD-CAR-103')}`,
        headers: await t.as('admin@springfield-pd.test').headers(),
        payload: { in_service: true, is_publicly_alerting: true, nickname: 'patrol 105' },
      });
      expect(check).toHaveBeenCalledOnce();
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: 'nickname_taken', message: `${MESSAGE} "patrol 105"` });
    } finally {
      check.mockRestore();
    }
    const unchanged = await get(`/api/things/${demoThingId('SPD-CAR-103')}`, 'user@springfield-pd.test');
    expect(unchanged.json().nickname).toBe('Patrol 103');
  });
});

describe('last_updated_timestamp', () => {
  it.each(['yesterday', '1e20', '-9e15'])('refuses %s with 400', async (value) => {
    const response = await get(
      `/api/organization/things?last_updated_timestamp=${value}`,
      'user@springfield-pd.test',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('last_updated_timestamp must be epoch seconds or an ISO date');
  });

  it('reads seconds, milliseconds and ISO dates alike', async () => {
    const at = new Date(Date.now() - 60_000);
    const totals = [];
    for (const value of [Math.floor(at.getTime() / 1000), at.getTime(), at.toISOString()]) {
      const response = await get(
        `/api/organization/things?last_updated_timestamp=${encodeURIComponent(value)}`,
        'user@springfield-pd.test',
      );
      expect(response.statusCode).toBe(200);
      totals.push(response.json().meta.total);
    }
    expect(new Set(totals).size).toBe(1);
  });
});
