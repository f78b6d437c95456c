/**
 * Incident detection: when a responder is on scene. A responder (an asset of an emergency type) that is
 * in service, has its lights on (alerting) and has stopped (at most 2.2 m/s, about 5 mph) for 60 s of
 * its own reports arrives on scene: it joins an active incident of its organisation within 150 m or
 * opens one where it stands. It leaves when it is more than 300 m from the incident, when its lights
 * have been off for 2 minutes, when it goes out of service, or when it has been silent for 10 minutes.
 * The incident ends when its last asset leaves. Times are the reports' own (recorded) times, so late
 * or batched reports decide as they would have live.
 */
import distance from '@turf/distance';

export const SCENE_RULES = {
  /** At or below this speed (m/s) a responder counts as stopped. */
  stoppedAtMostMps: 2.2,
  /** Stopped with lights on for this long (ms) arrives on scene. */
  dwellMs: 60_000,
  /** An arriving responder joins an active incident of its organisation within this distance (m). */
  joinRadiusM: 150,
  /** A responder more than this far (m) from its incident has left it. */
  leaveRadiusM: 300,
  /** Lights off for this long (ms) leaves the incident. */
  lightsOffMs: 120_000,
  /** No report for this long (ms) leaves the incident (checked by the incidents sweep). */
  silentMs: 10 * 60_000,
} as const;

export interface LatLng {
  lat: number;
  lng: number;
}

/** One report of an asset, as the scene rule reads it. */
export interface SceneSample {
  at: number;
  position: LatLng | null;
  speed: number | null;
  alerting: boolean;
  /** As reported; null when the report did not say. */
  inService: boolean | null;
  responder: boolean;
}

/** What the rule remembers of one asset between its reports. */
export interface SceneTrack {
  /** Since when it has been stopped with lights on (while not on scene). */
  stoppedSince: number | null;
  /** Since when its lights have been off (while on scene). */
  lightsOffSince: number | null;
}

export const NO_TRACK: SceneTrack = Object.freeze({ stoppedSince: null, lightsOffSince: null });

export type LeaveReason = 'moved_away' | 'lights_off' | 'out_of_service' | 'silent';

export type SceneDecision =
  | { kind: 'none' }
  | { kind: 'arrive'; position: LatLng }
  | { kind: 'stay' }
  | { kind: 'leave'; reason: LeaveReason };

export function metresBetween(a: LatLng, b: LatLng): number {
  return distance([a.lng, a.lat], [b.lng, b.lat], { units: 'meters' });
}

function isStoppedWithLightsOn(sample: SceneSample): sample is SceneSample & { position: LatLng } {
  return (
    sample.responder &&
    sample.inService !== false &&
    sample.alerting &&
    sample.position !== null &&
    (sample.speed ?? 0) <= SCENE_RULES.stoppedAtMostMps
  );
}

/**
 * One report's step of the rule. `scene` is where the asset's incident is, when it is on one. Reports
 * older than what the track has seen are the caller's to skip.
 */
export function sceneStep(
  track: SceneTrack,
  sample: SceneSample,
  scene: LatLng | null,
): { track: SceneTrack; decision: SceneDecision } {
  if (scene === null) {
    if (!isStoppedWithLightsOn(sample)) return { track: NO_TRACK, decision: { kind: 'none' } };
    const stoppedSince = track.stoppedSince ?? sample.at;
    const dwelt = sample.at - stoppedSince >= SCENE_RULES.dwellMs;
    return {
      track: { stoppedSince, lightsOffSince: null },
      decision: dwelt ? { kind: 'arrive', position: sample.position } : { kind: 'none' },
    };
  }
  if (sample.inService === false) return leave('out_of_service');
  if (sample.position && metresBetween(sample.position, scene) > SCENE_RULES.leaveRadiusM)
    return leave('moved_away');
  if (sample.alerting)
    return { track: { stoppedSince: null, lightsOffSince: null }, decision: { kind: 'stay' } };
  const lightsOffSince = track.lightsOffSince ?? sample.at;
  if (sample.at - lightsOffSince >= SCENE_RULES.lightsOffMs) return leave('lights_off');
  return { track: { stoppedSince: null, lightsOffSince }, decision: { kind: 'stay' } };
}

function leave(reason: LeaveReason): { track: SceneTrack; decision: SceneDecision } {
  return { track: NO_TRACK, decision: { kind: 'leave', reason } };
}

/** Whether an asset on scene whose last report was at `lastReportAt` has been silent too long. */
export function isSilent(lastReportAt: number, now: number): boolean {
  return now - lastReportAt >= SCENE_RULES.silentMs;
}

/** The incident an arriving asset joins: the nearest of its organisation's within the join radius. */
export function incidentToJoin<T extends LatLng>(position: LatLng, active: readonly T[]): T | null {
  let best: T | null = null;
  let bestMetres: number = SCENE_RULES.joinRadiusM;
  for (const incident of active) {
    const metres = metresBetween(position, incident);
    if (metres <= bestMetres) [best, bestMetres] = [incident, metres];
  }
  return best;
}

/**
 * The roadway heading (0–359°) from the courses responders arrived on: their circular mean, so 350°
 * and 10° give 0°, not 180°. Null without courses.
 */
export function roadwayHeading(courses: readonly (number | null)[]): number | null {
  const known = courses.filter((c): c is number => c !== null && Number.isFinite(c));
  if (known.length === 0) return null;
  const x = known.reduce((sum, c) => sum + Math.cos((c * Math.PI) / 180), 0);
  const y = known.reduce((sum, c) => sum + Math.sin((c * Math.PI) / 180), 0);
  if (Math.hypot(x, y) < 1e-9) return Math.round(known[0]!) % 360;
  return Math.round(((Math.atan2(y, x) * 180) / Math.PI + 360) % 360) % 360;
}
