import { describe, expect, it } from 'vitest';
import { buildRuns, summariseRun, summariseTrip, TRIP_RULES, type StoredTripPoint } from './trip-runs';
import { assetCountError, tripWindowError, TRIP_MESSAGES } from '../schemas/trip';

const T0 = Date.parse('2026-11-23T08:00:00.000Z');
const MOVING = TRIP_RULES.movingSpeedMps;

/** A point `s` seconds after T0; `north`: degrees of latitude north of the start. */
function point(s: number, speed: number | null, { north = 0, alerting = false } = {}): StoredTripPoint {
  return {
    id: String(s),
    lat: 39.78 + north,
    lng: -89.65,
    course: 0,
    speed,
    timestamp: T0 + s * 1000,
    alerting,
  };
}
const LATER = T0 + 86_400_000;
const bounds = (runs: ReturnType<typeof buildRuns>) =>
  runs.map((r) => [r.run_id, r.run_start, r.run_end, r.points.length]);

describe('buildRuns', () => {
  it('starts at the first point at moving speed and ends at the last before a longer stop', () => {
    const runs = buildRuns(
      [point(0, 0), point(10, MOVING), point(20, 10), point(30, 0.5), point(40, 8), point(400, 0)],
      LATER,
    );
    expect(bounds(runs)).toEqual([['10', '2026-11-23T08:00:10.000Z', '2026-11-23T08:00:40.000Z', 4]]);
    expect(runs[0]).toMatchObject({ run_duration: 30, is_active: false });
  });

  it('below the moving speed is standing still', () => {
    expect(buildRuns([point(0, MOVING - 0.01), point(10, MOVING - 0.01)], LATER)).toEqual([]);
  });

  it('a stop of exactly the threshold continues the run; one millisecond longer starts a new one', () => {
    const stop = TRIP_RULES.stopMs / 1000;
    const same = buildRuns([point(0, 5), point(10, 5), point(10 + stop, 5)], LATER);
    expect(bounds(same)).toEqual([['0', '2026-11-23T08:00:00.000Z', '2026-11-23T08:05:10.000Z', 3]]);

    const split = buildRuns(
      [point(0, 5), point(10, 5), point(10 + stop, 0), point(10 + stop + 0.001, 5), point(400, 5)],
      LATER,
    );
    expect(split.map((r) => [r.run_id, r.points.length])).toEqual([
      ['0', 2],
      ['310.001', 2],
    ]);
  });

  it('a silence longer than the threshold ends the run too', () => {
    const runs = buildRuns([point(0, 5), point(10, 5), point(1000, 5), point(1010, 5)], LATER);
    expect(runs.map((r) => r.run_id)).toEqual(['0', '1000']);
  });

  it('lights on count as a run while parked (a responder on scene)', () => {
    const runs = buildRuns(
      [point(0, 0, { alerting: true }), point(200, 0, { alerting: true }), point(500, 0)],
      LATER,
    );
    expect(bounds(runs)).toEqual([['0', '2026-11-23T08:00:00.000Z', '2026-11-23T08:03:20.000Z', 2]]);
  });

  it('a lone in-motion point is not a run', () => {
    expect(buildRuns([point(0, 0), point(10, 9), point(600, 0)], LATER)).toEqual([]);
  });

  it('derives the speed from distance and time when the device sends none', () => {
    // 0.0002° of latitude is about 22 m: 2.2 m/s over 10 s is moving; over 20 s (1.1 m/s) it is not.
    const moving = buildRuns(
      [point(0, null), point(10, null, { north: 0.0002 }), point(20, null, { north: 0.0004 })],
      LATER,
    );
    expect(moving[0]!.points.map((p) => Math.round(p.speed!))).toEqual([2, 2]);
    expect(buildRuns([point(0, null), point(20, null, { north: 0.0002 })], LATER)).toEqual([]);
  });

  it('is active while it may still go on: the last run, its end within the threshold of now', () => {
    const points = [point(0, 5), point(10, 5)];
    expect(buildRuns(points, T0 + 10_000 + TRIP_RULES.stopMs)[0]!.is_active).toBe(true);
    expect(buildRuns(points, T0 + 10_001 + TRIP_RULES.stopMs)[0]!.is_active).toBe(false);
  });
});

describe('run summaries', () => {
  it('sums distance, keeps the top speed, averages over the duration and counts pauses of a minute', () => {
    const [run] = buildRuns(
      [point(0, 10), point(10, 20, { north: 0.001 }), point(70, 10, { north: 0.002 }), point(80, 0)],
      LATER,
    );
    const summary = summariseRun(run!);
    expect(Math.round(summary.distanceM)).toBe(222);
    expect(summary).toMatchObject({ durationS: 70, maxSpeedMps: 20, stops: 1 });
    expect(summary.averageSpeedMps).toBeCloseTo(summary.distanceM / 70);
  });

  it('counts the gaps between runs as stops of the trip', () => {
    const runs = buildRuns([point(0, 5), point(10, 5), point(1000, 5), point(1010, 5)], LATER);
    expect(summariseTrip(runs)).toMatchObject({ durationS: 20, stops: 1 });
    expect(summariseTrip([])).toMatchObject({ distanceM: 0, durationS: 0, maxSpeedMps: 0, stops: 0 });
  });
});

describe('trip report rules', () => {
  const now = T0;
  it('names the first problem of a window', () => {
    expect(tripWindowError(now - 1000, now + 1, now)).toBe(TRIP_MESSAGES.pastDate);
    expect(tripWindowError(now - 1000, now - 1000, now)).toBe(TRIP_MESSAGES.sameDates);
    expect(tripWindowError(now - 1000, now - 2000, now)).toBe(TRIP_MESSAGES.endBeforeStart);
    expect(tripWindowError(now - 86_400_001, now, now)).toBe(TRIP_MESSAGES.tooLong);
    expect(tripWindowError(now - 86_400_000, now, now)).toBeNull();
  });

  it('takes 1 to 5 assets', () => {
    expect(assetCountError(0)).toBe('Must select at least 1 Asset');
    expect(assetCountError(1)).toBeNull();
    expect(assetCountError(5)).toBeNull();
    expect(assetCountError(6)).toBe('5 Assets max');
  });
});
