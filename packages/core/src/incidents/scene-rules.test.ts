import { describe, expect, it } from 'vitest';
import {
  NO_TRACK,
  SCENE_RULES,
  incidentToJoin,
  isSilent,
  metresBetween,
  roadwayHeading,
  sceneStep,
  type LatLng,
  type SceneSample,
} from './scene-rules';

const SCENE: LatLng = { lat: 39.78, lng: -89.65 };
/** A point `metres` north of the scene. */
const north = (metres: number): LatLng => ({ lat: SCENE.lat + metres / 111_195, lng: SCENE.lng });

const sample = (over: Partial<SceneSample> = {}): SceneSample => ({
  at: 0,
  position: SCENE,
  speed: 0,
  alerting: true,
  inService: true,
  responder: true,
  ...over,
});

describe('arriving on scene', () => {
  it('arrives after exactly the dwell time stopped with lights on, not a millisecond before', () => {
    const first = sceneStep(NO_TRACK, sample({ at: 1_000 }), null);
    expect(first.decision.kind).toBe('none');
    const early = sceneStep(first.track, sample({ at: 1_000 + SCENE_RULES.dwellMs - 1 }), null);
    expect(early.decision.kind).toBe('none');
    const onTime = sceneStep(early.track, sample({ at: 1_000 + SCENE_RULES.dwellMs }), null);
    expect(onTime.decision).toEqual({ kind: 'arrive', position: SCENE });
  });

  it('counts the threshold speed as stopped and anything faster as moving (the dwell restarts)', () => {
    const atLimit = sceneStep(NO_TRACK, sample({ speed: SCENE_RULES.stoppedAtMostMps }), null);
    expect(atLimit.track.stoppedSince).toBe(0);
    const faster = sceneStep(
      atLimit.track,
      sample({ at: 10, speed: SCENE_RULES.stoppedAtMostMps + 0.01 }),
      null,
    );
    expect(faster.track.stoppedSince).toBeNull();
  });

  it.each([
    ['not a responder', { responder: false }],
    ['lights off', { alerting: false }],
    ['out of service', { inService: false }],
    ['no position', { position: null }],
  ])('never arrives when %s', (_why, over) => {
    const first = sceneStep(NO_TRACK, sample(over), null);
    const later = sceneStep(first.track, sample({ ...over, at: SCENE_RULES.dwellMs * 2 }), null);
    expect(later.decision.kind).toBe('none');
  });

  it('treats an unknown in-service flag and an unknown speed as in service and stopped', () => {
    const first = sceneStep(NO_TRACK, sample({ inService: null, speed: null }), null);
    const later = sceneStep(
      first.track,
      sample({ inService: null, speed: null, at: SCENE_RULES.dwellMs }),
      null,
    );
    expect(later.decision.kind).toBe('arrive');
  });
});

describe('leaving the scene', () => {
  it('stays within the leave radius and leaves just beyond it', () => {
    const inside = sceneStep(NO_TRACK, sample({ position: north(SCENE_RULES.leaveRadiusM - 1) }), SCENE);
    expect(inside.decision.kind).toBe('stay');
    const outside = sceneStep(NO_TRACK, sample({ position: north(SCENE_RULES.leaveRadiusM + 1) }), SCENE);
    expect(outside.decision).toEqual({ kind: 'leave', reason: 'moved_away' });
  });

  it('leaves after the lights have been off for exactly the grace time; lights on again resets it', () => {
    const off = sceneStep(NO_TRACK, sample({ alerting: false, at: 0 }), SCENE);
    expect(off.decision.kind).toBe('stay');
    const almost = sceneStep(off.track, sample({ alerting: false, at: SCENE_RULES.lightsOffMs - 1 }), SCENE);
    expect(almost.decision.kind).toBe('stay');
    const gone = sceneStep(almost.track, sample({ alerting: false, at: SCENE_RULES.lightsOffMs }), SCENE);
    expect(gone.decision).toEqual({ kind: 'leave', reason: 'lights_off' });

    const onAgain = sceneStep(
      almost.track,
      sample({ alerting: true, at: SCENE_RULES.lightsOffMs - 1 }),
      SCENE,
    );
    const offAgain = sceneStep(
      onAgain.track,
      sample({ alerting: false, at: SCENE_RULES.lightsOffMs }),
      SCENE,
    );
    expect(offAgain.decision.kind).toBe('stay');
  });

  it('leaves at once when reported out of service', () => {
    expect(sceneStep(NO_TRACK, sample({ inService: false }), SCENE).decision).toEqual({
      kind: 'leave',
      reason: 'out_of_service',
    });
  });

  it('a check-in without a position keeps the asset on scene', () => {
    expect(sceneStep(NO_TRACK, sample({ position: null }), SCENE).decision.kind).toBe('stay');
  });

  it('is silent after exactly the silent time without a report', () => {
    expect(isSilent(0, SCENE_RULES.silentMs - 1)).toBe(false);
    expect(isSilent(0, SCENE_RULES.silentMs)).toBe(true);
  });
});

describe('which incident an arriving responder joins', () => {
  it('joins the nearest within the join radius, and none beyond it', () => {
    const near = { id: 'near', ...north(SCENE_RULES.joinRadiusM - 50) };
    const edge = { id: 'edge', ...north(SCENE_RULES.joinRadiusM - 1) };
    const far = { id: 'far', ...north(SCENE_RULES.joinRadiusM + 1) };
    expect(incidentToJoin(SCENE, [edge, near, far])?.id).toBe('near');
    expect(incidentToJoin(SCENE, [far])).toBeNull();
    expect(metresBetween(SCENE, far)).toBeGreaterThan(SCENE_RULES.joinRadiusM);
  });
});

describe('roadway heading', () => {
  it('is the circular mean of the courses, across north', () => {
    expect(roadwayHeading([350, 10])).toBe(0);
    expect(roadwayHeading([80, 100, null])).toBe(90);
    expect(roadwayHeading([null])).toBeNull();
    expect(roadwayHeading([])).toBeNull();
  });
});
