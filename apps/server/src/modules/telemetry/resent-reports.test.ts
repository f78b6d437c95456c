/** A device resending a report whose answer it never got leaves one point, on either engine. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
/** A police car, reporting by its System Id. */
let car: { id: string; deviceId: string };
beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  car = await given.asset((await given.organization()).id);
});
afterAll(() => t.close());

const pointsOf = async (thingId: string) =>
  t.db.selectFrom('points').select(['recorded_at', 'lat']).where('thing_id', '=', thingId).execute();

it('stores a resent report (and a resent check-in) once, and a new one beside it', async () => {
  const at = Math.floor(Date.now() / 1000) - 60;
  for (const url of [
    `/api/ingest/osmand?id=${car.deviceId}&timestamp=${at}&lat=39.8&lon=-89.6`,
    `/api/ingest/osmand?id=${car.deviceId}&timestamp=${at}&lat=39.8&lon=-89.6`,
    `/api/ingest/osmand?id=${car.deviceId}&timestamp=${at + 1}`,
    `/api/ingest/osmand?id=${car.deviceId}&timestamp=${at + 1}`,
    `/api/ingest/osmand?id=${car.deviceId}&timestamp=${at}&lat=39.81&lon=-89.6`,
  ]) {
    const response = await t.app.inject({ method: 'POST', url });
    expect(response.statusCode, response.body).toBe(200);
  }
  const points = await pointsOf(car.id);
  expect(points.map((p) => p.lat).sort()).toEqual([39.8, 39.81, null].sort());
});
