/**
 * Alarms a device raises (Traccar Client's SOS button): raised on the asset until a user who sees it
 * acknowledges the very alarm they saw; which one stays raised when several come; a device resending
 * an acknowledged alarm does not raise it again; a late report still raises its alarm.
 */
import type { ThingStatesChanged } from '@flare/core/events/thing-events';
import { THING_MESSAGES } from '@flare/core/schemas/thing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { thingWithState } from '../../../test/thing-state';

let t: TestApp;
const emitted: ThingStatesChanged[] = [];
/** Seven police cars of one organisation (each test takes its own), its users, and one of another. */
const cars: Array<{ id: string; deviceId: string }> = [];
let user: string;
let media: string;
let stranger: string;
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  await t.app.events.on('thing.states-changed', (event) => void emitted.push(event));
  const given = fixtures(t);
  const [own, other] = [await given.organization(), await given.organization({ type: 'road_works' })];
  for (let i = 0; i < 7; i += 1) cars.push(await given.asset(own.id));
  user = (await given.user(own.id, 'USER')).email;
  media = (await given.user(own.id, 'USER_EVENTS_ONLY')).email;
  stranger = (await given.user(other.id, 'USER')).email;
});
afterAll(() => t.close());

/** The device id of car `n` (1 to 7), and an asset's id by its device id. */
const car = (n: number) => cars[n - 1]!.deviceId;
const idOf = (deviceId: string) => cars.find((c) => c.deviceId === deviceId)!.id;
const nowS = () => Math.floor(Date.now() / 1000);
/** The states emitted for an asset (events arrive a moment after the report is answered). */
const statesOf = (deviceId: string) =>
  emitted.flatMap((event) =>
    event.states
      .filter((s) => s.thing_id === idOf(deviceId))
      .map((state) => ({ cause: event.cause, ...state })),
  );
const report = async (deviceId: string, params: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/ingest/osmand?id=${deviceId}&lat=39.8&lon=-89.6&${params}`,
  });
  expect(response.statusCode, response.body).toBe(200);
};
const alarmOf = async (deviceId: string) => {
  const state = await thingWithState(t.db, deviceId);
  return { alarm: state.alarm, raisedAt: state.alarm_raised_at };
};
const acknowledge = async (deviceId: string, raisedAt: Date | string, email = user) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/things/${idOf(deviceId)}/alarm?raised_at=${encodeURIComponent(new Date(raisedAt).toISOString())}`,
    headers: bearer((await t.signIn(email)).access_token),
  });

describe('acknowledging an alarm', () => {
  it('clears the alarm the user saw, records who did, and tells the live feed', async () => {
    const at = nowS();
    await report(car(1), `timestamp=${at}&alarm=sos`);
    const raised = await alarmOf(car(1));
    expect(raised).toEqual({ alarm: 'sos', raisedAt: new Date(at * 1000) });

    const response = await acknowledge(car(1), raised.raisedAt!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ alarm: null, alarm_raised_at: null });
    const stored = await thingWithState(t.db, car(1));
    expect(stored.alarm_acknowledged_at).not.toBeNull();
    expect(stored.alarm_acknowledged_by).not.toBeNull();
    await expect
      .poll(() => statesOf(car(1)).filter((s) => s.cause === 'user'))
      .toMatchObject([{ alarm: null, alarm_raised_at: null }]);

    // Someone else acknowledged it at the same moment: the same answer.
    expect((await acknowledge(car(1), raised.raisedAt!)).statusCode).toBe(200);
  });

  it('refuses when another alarm was raised since the one the user saw, and keeps it raised', async () => {
    await report(car(2), `timestamp=${nowS() - 10}&alarm=lowBattery`);
    const seen = await alarmOf(car(2));
    await report(car(2), `timestamp=${nowS()}&alarm=sos`);
    const response = await acknowledge(car(2), seen.raisedAt!);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(THING_MESSAGES.newerAlarm);
    expect((await alarmOf(car(2))).alarm).toBe('sos');
  });

  it('is for users who see the asset, and names the alarm by when it was raised', async () => {
    await report(car(3), `timestamp=${nowS()}&alarm=sos`);
    const { raisedAt } = await alarmOf(car(3));
    // Another organisation's user: the asset does not exist for them.
    expect((await acknowledge(car(3), raisedAt!, stranger)).statusCode).toBe(422);
    // Media users see events only.
    expect((await acknowledge(car(3), raisedAt!, media)).statusCode).toBe(403);
    const token = (await t.signIn(user)).access_token;
    const unnamed = await t.app.inject({
      method: 'DELETE',
      url: `/api/things/${idOf(car(3))}/alarm`,
      headers: bearer(token),
    });
    expect(unnamed.statusCode).toBe(400);
    expect((await alarmOf(car(3))).alarm).toBe('sos');
  });
});

describe('which alarm is raised', () => {
  it('keeps the first raised alarm, but an SOS comes over any other', async () => {
    const at = nowS() - 30;
    await report(car(4), `timestamp=${at}&alarm=sos`);
    await report(car(4), `timestamp=${at + 1}&alarm=lowBattery`);
    expect(await alarmOf(car(4))).toEqual({ alarm: 'sos', raisedAt: new Date(at * 1000) });
    await report(car(5), `timestamp=${at}&alarm=powerCut`);
    await report(car(5), `timestamp=${at + 1}&alarm=tampering`);
    expect((await alarmOf(car(5))).alarm).toBe('powerCut');
    await report(car(5), `timestamp=${at + 2}&alarm=sos`);
    expect(await alarmOf(car(5))).toEqual({ alarm: 'sos', raisedAt: new Date((at + 2) * 1000) });
  });

  it('does not raise again an alarm a device resends after it was acknowledged; a new one it does', async () => {
    const at = nowS() - 20;
    await report(car(6), `timestamp=${at}&alarm=sos`);
    expect((await acknowledge(car(6), new Date(at * 1000))).statusCode).toBe(200);
    // Traccar Client resends a report whose answer it lost: the same time, the same SOS.
    await report(car(6), `timestamp=${at}&alarm=sos`);
    expect((await alarmOf(car(6))).alarm).toBeNull();
    await report(car(6), `timestamp=${at + 5}&alarm=sos`);
    expect((await alarmOf(car(6))).alarm).toBe('sos');
  });

  it('raises the alarm of a report that arrives late, without moving the asset back', async () => {
    const at = nowS();
    await report(car(7), `timestamp=${at}`);
    await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=${car(7)}&lat=39.5&lon=-89.6&timestamp=${at - 60}&alarm=sos`,
    });
    const state = await thingWithState(t.db, car(7));
    expect([state.alarm, state.lat, state.heartbeat_at]).toEqual(['sos', 39.8, new Date(at * 1000)]);
    // The dashboards hear of it.
    await expect
      .poll(() => statesOf(car(7)).filter((s) => s.alarm === 'sos'))
      .toMatchObject([{ cause: 'report', moved: false, lat: 39.8 }]);
  });
});
