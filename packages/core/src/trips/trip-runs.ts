/**
 * Trips: the runs an asset made, derived from its stored points.
 *
 * A point is in motion when the asset moves at MOVING_SPEED_MPS or faster (the reported speed, or
 * when a device sends none, the distance from the previous point over the time between them) or
 * when its emergency lights are on (alerting: a responder on a call is on a run even while parked
 * at the scene). A run starts at an in-motion point and takes in every later point while the next
 * in-motion point follows within STOP_MS; a longer stop, or a longer silence, ends it at its last
 * in-motion point. A run has at least two points: a lone in-motion point is GPS jitter, not a trip.
 * A run is active while it may still go on: its last point is the window's last in-motion point and
 * no more than STOP_MS old.
 */
import { metresBetween } from '../incidents/scene-rules';

export const TRIP_RULES = {
  /** About 5 km/h: slower is standing still with GPS drift. */
  movingSpeedMps: 1.5,
  /** A stop longer than this (5 minutes) ends the run; traffic lights and junctions do not. */
  stopMs: 5 * 60_000,
  /** A pause within a run at least this long counts as a stop in the summary. */
  summaryStopMs: 60_000,
} as const;

/** A stored point, oldest first. `timestamp` in ms since the epoch; speed in m/s. */
export interface StoredTripPoint {
  id: string;
  lat: number;
  lng: number;
  course: number | null;
  speed: number | null;
  timestamp: number;
  alerting: boolean;
}

/** A run's point on the wire: `timestamp` ISO 8601, speed in m/s (derived when the device sent none). */
export interface TripPoint {
  lat: number;
  lng: number;
  course: number | null;
  speed: number | null;
  timestamp: string;
}

export interface TripRun {
  /** The id of the run's first stored point: stable for as long as the run does not change. */
  run_id: string;
  run_start: string;
  run_end: string;
  /** Seconds from the first to the last point. */
  run_duration: number;
  is_active: boolean;
  points: TripPoint[];
}

/** The speed the rule reads: the reported one, else the distance from the previous point over time. */
function speedOf(point: StoredTripPoint, previous: StoredTripPoint | undefined): number | null {
  if (point.speed !== null) return point.speed;
  if (!previous || point.timestamp <= previous.timestamp) return null;
  return metresBetween(previous, point) / ((point.timestamp - previous.timestamp) / 1000);
}

export function isInMotion(speed: number | null, alerting: boolean): boolean {
  return alerting || (speed !== null && speed >= TRIP_RULES.movingSpeedMps);
}

/** The runs of points sorted oldest first, at `now` (ms). */
export function buildRuns(points: readonly StoredTripPoint[], now: number): TripRun[] {
  const speeds = points.map((point, i) => speedOf(point, points[i - 1]));
  const runs: TripRun[] = [];
  let first = -1;
  let last = -1;
  const close = () => {
    if (last > first) runs.push(toRun(points, speeds, first, last, false));
  };
  for (let i = 0; i < points.length; i++) {
    if (!isInMotion(speeds[i]!, points[i]!.alerting)) continue;
    if (first >= 0 && points[i]!.timestamp - points[last]!.timestamp <= TRIP_RULES.stopMs) {
      last = i;
      continue;
    }
    if (first >= 0) close();
    first = last = i;
  }
  if (first >= 0 && last > first) {
    const mayGoOn = now - points[last]!.timestamp <= TRIP_RULES.stopMs;
    runs.push(toRun(points, speeds, first, last, mayGoOn));
  }
  return runs;
}

function toRun(
  points: readonly StoredTripPoint[],
  speeds: readonly (number | null)[],
  first: number,
  last: number,
  active: boolean,
): TripRun {
  const start = points[first]!.timestamp;
  const end = points[last]!.timestamp;
  const runPoints: TripPoint[] = [];
  for (let i = first; i <= last; i++) {
    const p = points[i]!;
    runPoints.push({
      lat: p.lat,
      lng: p.lng,
      course: p.course,
      speed: speeds[i]!,
      timestamp: new Date(p.timestamp).toISOString(),
    });
  }
  return {
    run_id: points[first]!.id,
    run_start: new Date(start).toISOString(),
    run_end: new Date(end).toISOString(),
    run_duration: (end - start) / 1000,
    is_active: active,
    points: runPoints,
  };
}

export interface RunSummary {
  distanceM: number;
  durationS: number;
  maxSpeedMps: number;
  /** Distance over duration (0 for a run without duration). */
  averageSpeedMps: number;
  /** Pauses of at least summaryStopMs within the run (between in-motion points). */
  stops: number;
}

/** What the summary table shows of one run. */
export function summariseRun(run: Pick<TripRun, 'points' | 'run_duration'>): RunSummary {
  let distanceM = 0;
  let maxSpeedMps = 0;
  let stops = 0;
  let lastMoving: number | null = null;
  run.points.forEach((point, i) => {
    if (i > 0) distanceM += metresBetween(run.points[i - 1]!, point);
    maxSpeedMps = Math.max(maxSpeedMps, point.speed ?? 0);
    if (point.speed !== null && point.speed >= TRIP_RULES.movingSpeedMps) {
      const at = Date.parse(point.timestamp);
      if (lastMoving !== null && at - lastMoving >= TRIP_RULES.summaryStopMs) stops += 1;
      lastMoving = at;
    }
  });
  const durationS = run.run_duration;
  return {
    distanceM,
    durationS,
    maxSpeedMps,
    averageSpeedMps: durationS > 0 ? distanceM / durationS : 0,
    stops,
  };
}

/** An asset's runs together: sums, the highest speed, and the stops within and between runs. */
export function summariseTrip(runs: readonly Pick<TripRun, 'points' | 'run_duration'>[]): RunSummary {
  const each = runs.map(summariseRun);
  const distanceM = each.reduce((sum, s) => sum + s.distanceM, 0);
  const durationS = each.reduce((sum, s) => sum + s.durationS, 0);
  return {
    distanceM,
    durationS,
    maxSpeedMps: Math.max(0, ...each.map((s) => s.maxSpeedMps)),
    averageSpeedMps: durationS > 0 ? distanceM / durationS : 0,
    stops: each.reduce((sum, s) => sum + s.stops, 0) + Math.max(0, runs.length - 1),
  };
}
