/**
 * R2R alerts end to end: responders report through the OsmAnd and batch ingest, the pipeline records
 * alerts (distance, repeat window), and the R2R search answers them with access and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { R2R_ALERTS, R2R_MESSAGES } from '@flare/core/r2r/r2r-alert';
import { R2rAlertsSchema } from '@flare/core/schemas/r2r-alert';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

type Unit = { id: string; deviceId: string };
let t: TestApp;
/** Three R2R-enabled police cars: one alerting, one that passes near it, one farther off. */
let ALERTING: Unit;
let NEAR: Unit;
let FAR: Unit;
let orgAdmin: string;
let admin: string;
let user: string;
/** An Org Admin of another organisation. */
let stranger: string;
/** 30 minutes ago, on a whole minute, in seconds. */
const T0 = Math.floor((Date.now() - 30 * 60_000) / 60_000) * 60;
const LAT = 39.9;
const LNG = -89.9;
/** About `metres` north of (LAT, LNG). */
const north = (metres: number) => LAT + metres / 111_194.93;

const osmand = async (unit: Unit, offsetS: number, lat: number, alerting: boolean) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/ingest/osmand?id=${unit.deviceId}&timestamp=${T0 + offsetS}&lat=${lat}&lon=${LNG}&speed=20&alerting=${alerting}`,
  });
  expect(response.statusCode).toBe(200);
};
const alertsOf = (thingId: string) =>
  t.db
    .selectFrom('r2r_alerts')
    .selectAll()
    .where((eb) => eb.or([eb('alerting_thing_id', '=', thingId), eb('alerted_thing_id', '=', thingId)]))
    .orderBy('at')
    .execute();
const search = (query: string, email = orgAdmin) => t.as(email).request('GET', `/api/r2r_alerts?${query}`);
const iso = (offsetS: number) => new Date((T0 + offsetS) * 1000).toISOString();

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  const [own, other] = [await given.organization(), await given.organization({ type: 'road_works' })];
  [ALERTING, NEAR, FAR] = [
    await given.asset(own.id, { name: 'Patrol 101', responder: true }),
    await given.asset(own.id, { name: 'Patrol 102', responder: true }),
    await given.asset(own.id, { name: 'Patrol 103', responder: true }),
  ];
  orgAdmin = (await given.user(own.id, 'MANUFACTURER_ADMIN')).email;
  admin = (await given.user(own.id, 'ADMIN')).email;
  user = (await given.user(own.id, 'USER')).email;
  stranger = (await given.user(other.id, 'MANUFACTURER_ADMIN')).email;
});
afterAll(() => t.close());

describe('R2R alerts from the ingest pipeline', () => {
  it('alerts a fresh R2R-enabled asset within the distance, not one outside it', async () => {
    await osmand(NEAR, 0, north(250), false);
    await osmand(FAR, 0, north(350), false);
    await osmand(ALERTING, 5, LAT, true);
    const alerts = await alertsOf(ALERTING.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      alerting_thing_id: ALERTING.id,
      alerted_thing_id: NEAR.id,
      alerting_lat: LAT,
      alerted_lat: north(250),
      at: new Date((T0 + 5) * 1000),
    });
    expect(alerts[0]!.distance_m).toBeCloseTo(250, 0);
  });

  it('alerts a pair once per repeat window, and not when lights are off', async () => {
    await osmand(NEAR, 20, north(250), false);
    await osmand(ALERTING, 25, LAT, true);
    await osmand(ALERTING, 30, LAT, false);
    expect(await alertsOf(ALERTING.id)).toHaveLength(1);
    const again = R2R_ALERTS.repeatWindowMs / 1000 + 5;
    await osmand(NEAR, again - 5, north(250), false);
    await osmand(ALERTING, again, LAT, true);
    expect(await alertsOf(ALERTING.id)).toHaveLength(2);
  });

  it('alerts from the JSON batch API too', async () => {
    const at = (T0 + 900) * 1000;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/points',
      headers: await t.as(admin).headers(),
      payload: {
        points: [
          { device_id: FAR.deviceId, lat: north(350), lng: LNG, timestamp: at, speed: 10, alerting: false },
          {
            device_id: ALERTING.deviceId,
            lat: north(200),
            lng: LNG,
            timestamp: at + 2000,
            speed: 10,
            alerting: true,
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const far = await alertsOf(FAR.id);
    expect(far.map((a) => a.alerting_thing_id)).toEqual([ALERTING.id]);
    expect(far[0]!.distance_m).toBeCloseTo(150, 0);
  });
});

describe('GET /api/r2r_alerts', () => {
  it("answers an asset's alerts either side in 15 minutes from the start, with both assets", async () => {
    const response = await search(`thing_id=${NEAR.id}&start_time=${iso(0)}`);
    expect(response.statusCode).toBe(200);
    const body = R2rAlertsSchema.parse(response.json());
    expect(body.end_time).toBe(iso(15 * 60));
    expect(body.alerts.map((a) => a.at)).toEqual([iso(5), iso(R2R_ALERTS.repeatWindowMs / 1000 + 5)]);
    expect(body.alerts[0]).toMatchObject({
      distance_m: 250,
      alerting: { id: ALERTING.id, name: 'Patrol 101', lat: LAT, lng: LNG },
      alerted: { id: NEAR.id, name: 'Patrol 102', lat: north(250), lng: LNG },
    });
    const alerting = await search(`thing_id=${ALERTING.id}&start_time=${iso(0)}`);
    expect(R2rAlertsSchema.parse(alerting.json()).alerts).toHaveLength(2);
    const later = await search(`thing_id=${FAR.id}&start_time=${iso(900)}`);
    expect(R2rAlertsSchema.parse(later.json()).alerts).toHaveLength(1);
  });

  it('refuses a start in the future and a bad time, and needs the view-R2R access', async () => {
    const future = await search(`thing_id=${NEAR.id}&start_time=${Date.now() + 60_000}`);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ message: R2R_MESSAGES.futureStart });
    expect((await search(`thing_id=${NEAR.id}&start_time=soon`)).statusCode).toBe(400);
    expect((await search(`start_time=${iso(0)}`)).statusCode).toBe(400);
    const withoutAccess = await search(`thing_id=${NEAR.id}&start_time=${iso(0)}`, user);
    expect(withoutAccess.statusCode).toBe(403);
  });

  it("answers 404 for another organisation's asset", async () => {
    const response = await search(`thing_id=${NEAR.id}&start_time=${iso(0)}`, stranger);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Asset not found' });
  });
});
