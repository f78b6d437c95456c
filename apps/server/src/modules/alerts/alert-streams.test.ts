/**
 * Partners' alert streams (`GET /api/alerts/stream`, Server-Sent Events) on a listening server: the
 * snapshot, changes as they happen in the regions watched (and none outside them or of another
 * organisation), resuming after a disconnect without loss, the snapshot again once the changes
 * since are no longer kept, and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES } from '@flare/core/schemas/alert';
import { sql } from 'kysely';
import { closurePayload } from '../../../test/closure-payload';
import { fixtures } from '../../../test/fixtures';
import { openStream, type StreamEvent, type StreamWatch } from '../../../test/sse-consumer';
import { createTestApp, listening, type TestApp } from '../../../test/test-app';

let t: TestApp;
let base: string;
let POLICE: string;
let OTHER: string;
let ADMIN: string;
let OTHER_ADMIN: string;
let partnerKey: string;
let otherKey: string;
let responder: { id: string; deviceId: string };

/** Springfield's centre, where the stream's region lies; the closure's street is inside it. */
const REGION = '-89.70,39.75,-89.60,39.85';
const INSIDE = { lat: 39.79, lng: -89.65 };
const OUTSIDE = { lat: 41.88, lng: -87.63 };
const streams: StreamWatch[] = [];

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  base = await listening(t);
  const build = fixtures(t);
  POLICE = (await build.organization()).id;
  OTHER = (await build.organization()).id;
  ADMIN = (await build.user(POLICE, 'ADMIN')).email;
  OTHER_ADMIN = (await build.user(OTHER, 'ADMIN')).email;
  responder = await build.asset(POLICE);
  partnerKey = await build.apiKey(ADMIN, ['alerts:read']);
  otherKey = await build.apiKey(OTHER_ADMIN, ['alerts:read']);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

async function stream(key: string, query = `?bbox=${REGION}`, lastEventId?: number): Promise<StreamWatch> {
  const watch = await openStream(`${base}/api/alerts/stream${query}`, {
    'x-api-key': key,
    ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
  });
  streams.push(watch);
  return watch;
}

async function hazard(email: string, at: { lat: number; lng: number }): Promise<string> {
  const response = await t
    .as(email)
    .request('POST', '/api/hazards', { hazard_type: 'ice', severity: 'high', ...at });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

const about = (id: string, change: string) => (event: StreamEvent) =>
  event.event === `alert.${change}` && (event.data.alert as { source: { id: string } }).source.id === id;

const report = (position: { lat: number; lng: number }, alerting: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ingest/osmand?id=${responder.deviceId}&timestamp=${Math.floor(Date.now() / 1000)}&lat=${position.lat}&lon=${position.lng}&speed=40&alerting=${alerting}&bearing=0`,
  });

describe('a partner stream', () => {
  it('opens with the active alerts, then hears each change in its region as it happens, numbered', async () => {
    const before = await hazard(ADMIN, INSIDE);
    await t.app.alertSources.settled();
    const watch = await stream(partnerKey);
    expect(watch.status).toBe(200);
    const snapshot = await watch.next((e) => e.event === 'alerts.snapshot', 'the snapshot');
    expect((snapshot.data.alerts as Array<{ source: { id: string } }>).map((a) => a.source.id)).toEqual([
      before,
    ]);
    expect(snapshot.data.reset).toBe(false);

    const outside = await hazard(ADMIN, OUTSIDE);
    const inside = await hazard(ADMIN, INSIDE);
    const created = await watch.next(about(inside, 'created'), 'the hazard inside');
    expect(created.id).toBeGreaterThan(snapshot.id!);
    expect(created.data).toMatchObject({
      change: 'created',
      alert: { type: 'hazard', message: 'Ice on the road' },
    });
    await t.as(ADMIN).request('PUT', `/api/hazards/${inside}/resolve`);
    const ended = await watch.next(about(inside, 'ended'), 'the hazard resolved');
    expect(ended.id).toBeGreaterThan(created.id!);
    expect(watch.events.some(about(outside, 'created'))).toBe(false);
  });

  it('follows a responder: created when it responds, updated as it moves (out of the region too), ended when its lights go off', async () => {
    const watch = await stream(partnerKey);
    await watch.next((e) => e.event === 'alerts.snapshot', 'the snapshot');
    await report(INSIDE, true);
    await watch.next(about(responder.id, 'created'), 'the responder responding');
    await report({ lat: INSIDE.lat + 0.001, lng: INSIDE.lng }, true);
    const moved = await watch.next(about(responder.id, 'updated'), 'the responder moving');
    expect(moved.data.alert).toMatchObject({ geometry: { coordinates: [INSIDE.lng, INSIDE.lat + 0.001] } });
    const heard = watch.events.length;
    await report(OUTSIDE, true);
    await watch.next(about(responder.id, 'updated'), 'the responder leaving the region', heard);
    const everywhere = await stream(partnerKey, '');
    await everywhere.next((e) => e.event === 'alerts.snapshot', 'the snapshot everywhere');
    await report(OUTSIDE, false);
    await everywhere.next(about(responder.id, 'ended'), 'the responder stopping');
  });

  it("never hears another organisation's alerts", async () => {
    const other = await stream(otherKey, '');
    await other.next((e) => e.event === 'alerts.snapshot', 'the snapshot');
    const theirs = await hazard(ADMIN, INSIDE);
    const own = await hazard(OTHER_ADMIN, INSIDE);
    await other.next(about(own, 'created'), 'its own hazard');
    expect(other.events.some(about(theirs, 'created'))).toBe(false);
    await t.as(ADMIN).request('PUT', `/api/hazards/${theirs}/resolve`);
  });
});

describe('resuming', () => {
  it('sends the changes made while the partner was away, in order, and nothing twice', async () => {
    const first = await stream(partnerKey);
    const snapshot = await first.next((e) => e.event === 'alerts.snapshot', 'the snapshot');
    first.close();

    const created = await t
      .as(ADMIN)
      .request(
        'POST',
        '/api/organization/closure',
        closurePayload({ is_active: true, end_time: new Date(Date.now() + 3_600_000).toISOString() }),
      );
    const closureId = created.json<{ id: string }>().id;
    // Partners hear of it before it is switched off (changes within one round would cancel out).
    await t.app.alertSources.settled();
    await t.as(ADMIN).request('PUT', `/api/organization/closure/${closureId}`, closurePayload());
    await t.app.alertSources.settled();

    const again = await stream(partnerKey, `?bbox=${REGION}`, snapshot.id!);
    const ended = await again.next(about(closureId, 'ended'), 'the closure ended while away');
    // (Changes of earlier tests' alerts may still be in flight when the first stream opened: they come too.)
    const changes = again.events.filter((e) => e.event.startsWith('alert.'));
    expect(
      changes
        .filter((e) => about(closureId, 'created')(e) || about(closureId, 'ended')(e))
        .map((e) => e.event),
    ).toEqual(['alert.created', 'alert.ended']);
    expect(new Set(changes.map((e) => e.id)).size).toBe(changes.length);
    expect(changes.every((e) => e.id! > snapshot.id!)).toBe(true);
    expect(again.events.some((e) => e.event === 'alerts.snapshot')).toBe(false);
    expect(ended.id).toBeGreaterThan(changes.find(about(closureId, 'created'))!.id!);

    // The query form, for clients that cannot send the header, resumes the same way.
    const byQuery = await stream(partnerKey, `?bbox=${REGION}&last_event_id=${snapshot.id!}`);
    await byQuery.next(about(closureId, 'ended'), 'the same changes');
  });

  it('sends the snapshot again, marked reset, when the changes since are no longer kept', async () => {
    await hazard(ADMIN, INSIDE);
    await t.app.alertSources.settled();
    await sql`update motorist_alert_events set created_at = created_at - interval '3 hours'`.execute(t.db);
    expect(await t.app.alertSources.sweep()).toBeGreaterThan(0);
    await hazard(ADMIN, INSIDE);
    await t.app.alertSources.settled();

    const watch = await stream(partnerKey, `?bbox=${REGION}`, 1);
    const snapshot = await watch.next((e) => e.event === 'alerts.snapshot', 'the snapshot');
    expect(snapshot.data.reset).toBe(true);
    expect((snapshot.data.alerts as unknown[]).length).toBeGreaterThanOrEqual(2);
  });
});

describe('refusals', () => {
  it('answers a region or a resume point that is not one with 400 and its message', async () => {
    const bad = await fetch(`${base}/api/alerts/stream?bbox=1,2,3`, { headers: { 'x-api-key': partnerKey } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: ALERT_MESSAGES.bbox });
    const resume = await fetch(`${base}/api/alerts/stream`, {
      headers: { 'x-api-key': partnerKey, 'last-event-id': 'yesterday' },
    });
    expect(resume.status).toBe(400);
    expect(await resume.json()).toMatchObject({ message: ALERT_MESSAGES.lastEventId });
    const foreign = await fetch(`${base}/api/alerts/stream?org_ids[]=${OTHER}`, {
      headers: { 'x-api-key': partnerKey },
    });
    expect(foreign.status).toBe(404);
  });
});
