/**
 * The whole path in one server: a report ingested over OsmAnd reaches a dashboard's live feed (its
 * latency is measured by `npm run bench`); edits arrive as thing messages; organisations the user may not see are refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  allDelivered,
  connected,
  disconnectAll,
  framesOf,
  openConsumer,
  received,
  waitFor,
  watch,
} from './cable-consumer';
import { fixtures } from './fixtures';
import { bearer, createTestApp, type TestApp } from './test-app';

afterEach(disconnectAll);

let t: TestApp;
let cableUrl: string;
/** A police department (SPD) with three cars (`LIVE-CAR-…`); a road-works organisation (CRW); their people. */
let SPD: string;
let CRW: string;
const thingIds = new Map<string, string>();
const thingId = (deviceId: string) => thingIds.get(deviceId)!;
let SPD_USER: string;
let SPD_MEDIA: string;
let CRW_USER: string;
let PLATFORM: string;
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0', LIVE_SESSION_CHECK_MS: '200' });
  const given = fixtures(t);
  CRW = (await given.organization({ type: 'road_works' })).id;
  SPD = (await given.organization({ accesses: [CRW] })).id;
  const operator = await given.organization({ type: 'acs' });
  for (const deviceId of ['LIVE-CAR-102', 'LIVE-CAR-107', 'LIVE-CAR-108'])
    thingIds.set(deviceId, (await given.asset(SPD, { deviceId })).id);
  SPD_USER = (await given.user(SPD, 'USER')).email;
  SPD_MEDIA = (await given.user(SPD, 'USER_EVENTS_ONLY')).email;
  CRW_USER = (await given.user(CRW, 'USER')).email;
  PLATFORM = (await given.user(operator.id, 'PLATFORM_ADMIN')).email;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  cableUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/cable`;
});
afterAll(() => t.close());

describe('live feed of ingested reports', () => {
  it('delivers a report, with the in-service flag it set, to a subscribed dashboard', async () => {
    const { access_token } = await t.signIn(SPD_USER);
    const feed = await connected(openConsumer(cableUrl, access_token), SPD);
    const sentAt = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=LIVE-CAR-108&lat=39.79&lon=-89.64&timestamp=${sentAt}&in_service=0`,
    });
    expect(response.statusCode).toBe(200);
    await waitFor(() => feed.received.length > 0, 'the point message');
    expect(feed.received[0]).toMatchObject({
      type: 'point',
      thing_id: thingId('LIVE-CAR-108'),
      lat: 39.79,
      in_service: false,
      status: 'standby',
    });
  });

  it('sends deactivated assets as thing messages so dashboards remove them', async () => {
    const { access_token } = await t.signIn(PLATFORM);
    const feed = await connected(openConsumer(cableUrl, access_token), SPD);
    await t.db
      .updateTable('things')
      .set({ is_active: false })
      .where('id', '=', thingId('LIVE-CAR-102'))
      .execute();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/things/${thingId('LIVE-CAR-102')}`,
      headers: bearer(access_token),
      payload: { in_service: false, is_publicly_alerting: true },
    });
    expect(edit.statusCode).toBe(200);
    await waitFor(() => feed.received.length > 0, 'the thing message');
    expect(feed.received[0]).toMatchObject({
      type: 'thing',
      thing: { id: thingId('LIVE-CAR-102'), is_active: false, in_service: false },
    });
    const report = await t.app.inject({
      method: 'GET',
      url: '/api/ingest/osmand?id=LIVE-CAR-102&lat=39.7&lon=-89.6',
    });
    expect(report.statusCode).toBe(400);
    expect(report.body).toContain('deactivated');
  });

  it('publishes a late report as nothing: the dashboard keeps the current point', async () => {
    const { access_token } = await t.signIn(SPD_USER);
    const feed = await connected(openConsumer(cableUrl, access_token), SPD);
    const now = Date.now();
    const report = (lat: number, timestamp: number, alerting: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ingest/osmand?id=LIVE-CAR-107&lat=${lat}&lon=-89.64&timestamp=${timestamp}&alerting=${alerting}`,
      });
    expect((await report(39.71, now, 1)).statusCode).toBe(200);
    expect((await report(39.55, now - 60_000, 0)).statusCode).toBe(200);
    // A report's messages go to the feed just after it is answered (its event is handled
    // asynchronously), so two rounds of markers: the second a flush after the first.
    await allDelivered(t.app.liveHub, [SPD], [feed], 2);
    const points = received(feed).filter(
      (m) => (m as { thing_id?: string }).thing_id === thingId('LIVE-CAR-107'),
    );
    expect(points).toEqual([
      expect.objectContaining({
        type: 'point',
        lat: 39.71,
        enroute: true,
        status: 'active',
        heartbeat_datetime: new Date(now).toISOString(),
      }),
    ]);
  });

  it('refuses a subscription from a user who may not view assets', async () => {
    const { access_token } = await t.signIn(SPD_MEDIA);
    const refused = watch(openConsumer(cableUrl, access_token), SPD);
    await waitFor(() => refused.state() === 'rejected', 'the rejection');
  });

  it('disconnects a dashboard whose session is revoked', async () => {
    const { access_token } = await t.signIn(SPD_USER);
    const consumer = openConsumer(cableUrl, access_token);
    const feed = await connected(consumer, SPD);
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/revoke_token',
      payload: { token: access_token },
    });
    expect(revoked.json()).toEqual({ revoked: true });
    await waitFor(() => feed.state() === 'disconnected', 'the disconnect');
    expect(framesOf(consumer).at(-1)).toEqual({
      type: 'disconnect',
      reason: 'unauthorized',
      reconnect: false,
    });
  });

  it('refuses a subscription to an organisation the user may not see', async () => {
    const { access_token } = await t.signIn(CRW_USER);
    const refused = watch(openConsumer(cableUrl, access_token), SPD);
    await waitFor(() => refused.state() === 'rejected', 'the rejection');
    const allowed = await connected(openConsumer(cableUrl, access_token), CRW);
    expect(allowed.state()).toBe('connected');
  });
});
