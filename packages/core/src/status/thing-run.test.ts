import { describe, expect, it } from 'vitest';
import { timeToSceneMs } from './thing-run';

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
