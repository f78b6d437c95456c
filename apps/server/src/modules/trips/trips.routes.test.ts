/**
 * Trips from a known point sequence, reported through the OsmAnd ingest like a device would (speeds
 * in knots): the runs' exact boundaries, the window's edges, access and the window's rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TripSchema } from '@flare/core/schemas/trip';
import { TRIP_RULES } from '@flare/core/trips/trip-runs';
import { fixtures } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
/** The car that drives the sequence; users of its organisation, one of another. */
let car: { id: string; deviceId: string };
let user: string;
let media: string;
let stranger: string;
/** Two hours ago, on a whole minute: the sequence's seconds are offsets from it. */
const T0 = Math.floor((Date.now() - 2 * 3_600_000) / 60_000) * 60;
const iso = (offsetS: number) => new Date((T0 + offsetS) * 1000).toISOString();
const STOP_S = TRIP_RULES.stopMs / 1000;

/** [seconds after T0, speed in knots, alerting]: 1.5 m/s is about 2.9 knots. */
const SEQUENCE: Array<[number, number, boolean?]> = [
  [0, 0], // parked
  [60, 12], // run 1 starts
  [120, 20],
  [180, 1], // a traffic light: slower than moving, within the run
  [240, 15], // run 1's last moving point
  [240 + STOP_S, 0], // stopped exactly the threshold later: still stopped (not in motion)
  [240 + STOP_S + 1, 14], // moving one second after the threshold: run 2 starts
  [240 + STOP_S + 61, 14],
  [2000, 0, true], // parked with lights on: run 3 (on scene)
  [2100, 0, true],
  [2500, 0], // lights off
];

beforeAll(async () => {
  t = await createTestApp({ STATUS_SWEEP_MS: '0' });
  const given = fixtures(t);
  const [own, other] = [await given.organization(), await given.organization({ type: 'road_works' })];
  car = await given.asset(own.id);
  user = (await given.user(own.id, 'USER')).email;
  media = (await given.user(own.id, 'USER_EVENTS_ONLY')).email;
  stranger = (await given.user(other.id, 'USER')).email;
  for (const [offset, knots, alerting = false] of SEQUENCE) {
    const lat = 39.78 + offset / 100_000;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/osmand?id=${car.deviceId}&timestamp=${T0 + offset}&lat=${lat}&lon=-89.65&speed=${knots}&bearing=90&accuracy=5&alerting=${alerting}`,
    });
    expect(response.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const trips = (query: string, email = user, id = car.id) =>
  t.as(email).request('GET', `/api/things/${id}/trips?${query}`);
const windowOf = (from: number, to: number) => `start_time=${iso(from)}&end_time=${iso(to)}`;

describe('GET /api/things/{id}/trips', () => {
  it('derives the runs with exact boundaries from the stored points', async () => {
    const response = await trips(`${windowOf(-600, 3000)}&run_date=${iso(-600)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const trip = TripSchema.parse(response.json());
    expect(trip).toMatchObject({ thing_id: car.id, start_time: iso(-600), end_time: iso(3000) });
    expect(
      trip.runs.map((r) => [r.run_start, r.run_end, r.run_duration, r.is_active, r.points.length]),
    ).toEqual([
      [iso(60), iso(240), 180, false, 4],
      [iso(240 + STOP_S + 1), iso(240 + STOP_S + 61), 60, false, 2],
      [iso(2000), iso(2100), 100, false, 2],
    ]);
    const [first] = trip.runs;
    expect(first!.points[0]).toEqual({
      lat: 39.7806,
      lng: -89.65,
      course: 90,
      speed: expect.closeTo(12 * 0.514444, 3) as number,
      timestamp: iso(60),
    });
    expect(new Set(trip.runs.map((r) => r.run_id)).size).toBe(3);
  });

  it('takes only the points inside the window: start included, end excluded', async () => {
    const response = await trips(windowOf(120, 2100));
    const runs = TripSchema.parse(response.json()).runs;
    expect(runs.map((r) => [r.run_start, r.run_end])).toEqual([
      [iso(120), iso(240)],
      [iso(240 + STOP_S + 1), iso(240 + STOP_S + 61)],
    ]);
  });

  it('answers an empty list of runs for a window without movement', async () => {
    const response = await trips(windowOf(-3600, -60));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ runs: [] });
  });

  it('is "Asset not found" (404) for an asset of another organisation or none at all', async () => {
    for (const [email, id] of [
      [stranger, car.id],
      [user, '00000000-0000-4000-8000-000000000000'],
    ]) {
      const response = await trips(windowOf(0, 3000), email, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Asset not found' });
    }
  });

  it('needs trip:read', async () => {
    const response = await trips(windowOf(0, 3000), media);
    expect(response.statusCode).toBe(403);
  });

  it("refuses a bad window with the trip report's messages", async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const cases: Array<[string, string]> = [
      [`start_time=${iso(0)}&end_time=${future}`, 'Must be past date'],
      [windowOf(0, 0), 'Dates must be different'],
      [windowOf(100, 0), 'End time must be after Start time'],
      [windowOf(-86_401, 0), 'Select up to 24 hours'],
      [`${windowOf(0, 100)}&run_date=${iso(1)}`, 'run_date must equal start_time'],
      ['start_time=yesterday&end_time=today', 'start_time must be epoch seconds or an ISO date'],
    ];
    for (const [query, message] of cases) {
      const response = await trips(query);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
  });
});
