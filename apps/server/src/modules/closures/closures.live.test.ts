/**
 * Closures on the live feed: every save, quick toggle and delete reaches the dashboards subscribed to
 * the closure's organisation as a `closure` message, and no other organisation's; an automated
 * closure's asset checking in after a long silence sends its closure back to standby.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Closure } from '@flare/core/schemas/closure';
import {
  allDelivered,
  connected,
  disconnectAll,
  openConsumer,
  received,
  waitFor,
  type Watch,
} from '../../../test/cable-consumer';
import { closurePayload as closure } from '../../../test/closure-payload';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, listening, type TestApp } from '../../../test/test-app';

afterEach(disconnectAll);

const PATH = '/api/organization/closure';

let t: TestApp;
let cableUrl: string;
let SPD: string;
let ROADWORKS_ID: string;
let ADMIN: string;
let USER: string;
let ROADWORKS: string;
/** An asset of the police department, silent for five days. */
let silentCar: { id: string; deviceId: string };
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  cableUrl = `${(await listening(t)).replace('http', 'ws')}/cable`;
  const build = fixtures(t);
  SPD = (await build.organization()).id;
  ROADWORKS_ID = (await build.organization({ type: 'road_works', responders: 'none' })).id;
  ADMIN = (await build.user(SPD, 'ADMIN')).email;
  USER = (await build.user(SPD, 'USER')).email;
  ROADWORKS = (await build.user(ROADWORKS_ID, 'ADMIN')).email;
  silentCar = await build.asset(SPD, { heardAt: new Date(Date.now() - 5 * 86_400_000) });
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.as(ADMIN).request(method, url, payload);

const feed = async (email: string, organizationId: string) =>
  connected(openConsumer(cableUrl, await t.as(email).token()), organizationId);

/** The closure messages received about the closure, each its closure. */
const closuresIn = (watch: Watch, id: string) =>
  watch.received
    .filter((m): m is { type: 'closure'; closure: Closure } => (m as { type: string }).type === 'closure')
    .map((m) => m.closure)
    .filter((c) => c.id === id);

async function nextClosure(watch: Watch, id: string, count: number): Promise<Closure> {
  await waitFor(() => closuresIn(watch, id).length >= count, `closure message ${count}`);
  return closuresIn(watch, id)[count - 1]!;
}

describe('closure messages', () => {
  it("reach the organisation's dashboards on create, update, toggle and delete; not another organisation's", async () => {
    const user = await feed(USER, SPD);
    const other = await feed(ROADWORKS, ROADWORKS_ID);

    const created = (await call('POST', PATH, closure())).json<Closure>();
    expect(await nextClosure(user, created.id, 1)).toMatchObject({
      id: created.id,
      status: 'standby',
      is_deleted: false,
    });

    await call('PUT', `${PATH}/${created.id}`, closure({ description: 'Bridge deck repair, phase 2' }));
    expect(await nextClosure(user, created.id, 2)).toMatchObject({
      description: 'Bridge deck repair, phase 2',
    });

    await call('PUT', `${PATH}/${created.id}`, { uuid: created.id, is_active: true });
    expect(await nextClosure(user, created.id, 3)).toMatchObject({ is_active: true, status: 'active' });

    expect((await call('DELETE', `${PATH}/${created.id}`)).statusCode).toBe(200);
    expect(await nextClosure(user, created.id, 4)).toMatchObject({ id: created.id, is_deleted: true });

    // The delete answered once its message was handed to the feed; any before it too.
    await allDelivered(t.app.liveHub, [SPD, ROADWORKS_ID], [user, other]);
    expect(closuresIn(user, created.id)).toHaveLength(4);
    expect(received(other)).toEqual([]);
  });

  it('sends an automated closure back to standby when its silent asset checks in', async () => {
    const CAR = silentCar.deviceId;
    const user = await feed(USER, SPD);
    const created = (
      await call('POST', PATH, closure({ closure_type: 'automated', thing_id: silentCar.id }))
    ).json<Closure>();
    expect(created.status).toBe('offline');
    expect((await nextClosure(user, created.id, 1)).status).toBe('offline');

    const report = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=${CAR}&timestamp=${Date.now()}&lat=39.8&lon=-89.65&speed=0`,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(await nextClosure(user, created.id, 2)).toMatchObject({ status: 'standby', is_active: false });

    // Further check-ins change nothing: no more messages. A closure's message follows a check-in
    // after a query, so two rounds of markers: the second a flush after the first.
    await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=${CAR}&timestamp=${Date.now()}&lat=39.8&lon=-89.65&speed=0`,
    });
    await allDelivered(t.app.liveHub, [SPD], [user], 2);
    expect(closuresIn(user, created.id)).toHaveLength(2);
  });
});
