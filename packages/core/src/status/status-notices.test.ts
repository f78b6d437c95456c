import { describe, expect, it } from 'vitest';
import { noticedStatus, noticedStatusLabel, statusChanged } from './status-notices';
import type { ServerStatus } from './thing-status';

const state = (status: ServerStatus, in_service = true) => ({ status, in_service });

describe('status notices', () => {
  it('notices an in-service asset turning on-scene, responding or offline', () => {
    expect(noticedStatus(state('standby'), state('active'))).toBe('active');
    expect(noticedStatus(state('active'), state('active_location'))).toBe('location');
    expect(noticedStatus(state('pending'), state('offline'))).toBe('offline');
  });

  it('does not notice standing by, pending, or a report that keeps the status', () => {
    expect(noticedStatus(state('active'), state('standby'))).toBeNull();
    expect(noticedStatus(state('standby'), state('stationary'))).toBeNull();
    expect(noticedStatus(state('standby'), state('pending'))).toBeNull();
    expect(noticedStatus(state('active'), state('active'))).toBeNull();
  });

  it('notices an asset taken out of service, not what it does while out of service', () => {
    expect(noticedStatus(state('active'), state('active', false))).toBe('outOfService');
    expect(noticedStatus(state('standby', false), state('active', false))).toBeNull();
    // Back in service while responding: it is responding again as far as the dispatcher knows.
    expect(noticedStatus(state('active', false), state('active'))).toBe('active');
    expect(noticedStatus(state('standby', false), state('standby'))).toBeNull();
  });

  it('tells any change of status or service apart from none', () => {
    expect(statusChanged(state('standby'), state('stationary'))).toBe(true);
    expect(statusChanged(state('standby'), state('standby', false))).toBe(true);
    expect(statusChanged(state('standby'), state('standby'))).toBe(false);
  });

  it("names the status in the organisation's words", () => {
    expect(noticedStatusLabel('active', 'all')).toBe('Responding');
    expect(noticedStatusLabel('active', 'none')).toBe('Active');
    expect(noticedStatusLabel('location', 'some')).toBe('On-Scene');
    expect(noticedStatusLabel('location', 'none')).toBe('Active Event');
    expect(noticedStatusLabel('offline', 'none')).toBe('Offline');
    expect(noticedStatusLabel('outOfService', 'all')).toBe('Out-of-Service');
  });
});
