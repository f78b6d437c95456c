import { describe, expect, it } from 'vitest';
import { SERVER_STATUSES } from './thing-status';
import { runTransition, timeToSceneMs } from './thing-run';

const arrived = '2026-11-23T10:12:30.000Z';

describe('timeToSceneMs', () => {
  it('is the time from the start of the run to arriving on location', () => {
    expect(
      timeToSceneMs({
        status: 'active_location',
        status_changed_at: arrived,
        run_started_at: '2026-11-23T10:04:00.000Z',
      }),
    ).toBe(8.5 * 60_000);
  });

  it('is unknown without a run, and off location', () => {
    expect(
      timeToSceneMs({ status: 'active_location', status_changed_at: arrived, run_started_at: null }),
    ).toBeNull();
    expect(
      timeToSceneMs({
        status: 'active',
        status_changed_at: arrived,
        run_started_at: '2026-11-23T10:04:00.000Z',
      }),
    ).toBeNull();
  });
});

describe('run rule', () => {
  it('turning active starts a run, also when leaving a scene', () => {
    for (const from of SERVER_STATUSES.filter((s) => s !== 'active'))
      expect(runTransition(from, 'active')).toBe('start');
  });

  it('staying active or arriving on location continues the run', () => {
    expect(runTransition('active', 'active')).toBe('continue');
    expect(runTransition('active', 'active_location')).toBe('continue');
    expect(runTransition('active_location', 'active_location')).toBe('continue');
  });

  it('any other status ends it', () => {
    for (const to of ['standby', 'stationary', 'pending', 'offline'] as const)
      for (const from of SERVER_STATUSES) expect(runTransition(from, to)).toBe('end');
  });
});
