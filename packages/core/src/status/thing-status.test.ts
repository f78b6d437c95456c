import { describe, expect, it } from 'vitest';
import {
  compareThings,
  computeStatus,
  isStale,
  statusLabel,
  STATUS_WINDOWS_MS,
  type StatusInputs,
} from './thing-status';

const NOW = Date.UTC(2026, 10, 22, 12);
const base: StatusInputs = {
  hasActiveClosure: false,
  isOnIncident: false,
  heartbeatAt: NOW,
  enroute: false,
  street: null,
};
const aged = (ms: number, extra: Partial<StatusInputs> = {}) =>
  computeStatus({ ...base, heartbeatAt: NOW - ms, ...extra }, NOW);

describe('computed status (spec 2 section 4)', () => {
  it('an active closure makes the asset active, before anything else', () => {
    expect(
      computeStatus({ ...base, hasActiveClosure: true, isOnIncident: true, heartbeatAt: null }, NOW),
    ).toBe('active');
  });

  it('being on an incident gives location', () => {
    expect(computeStatus({ ...base, isOnIncident: true, heartbeatAt: null }, NOW)).toBe('location');
  });

  it('enroute is active just inside the 2 h window and not just outside it', () => {
    expect(aged(STATUS_WINDOWS_MS.active, { enroute: true })).toBe('active');
    expect(aged(STATUS_WINDOWS_MS.active + 1, { enroute: true })).toBe('pending');
  });

  it('not enroute inside the 8 h window is stationary with a street, else standby', () => {
    expect(aged(STATUS_WINDOWS_MS.standby, { street: 'Main St' })).toBe('stationary');
    expect(aged(STATUS_WINDOWS_MS.standby)).toBe('standby');
    expect(aged(STATUS_WINDOWS_MS.standby + 1)).toBe('pending');
  });

  it('pending lasts 4 days, then offline', () => {
    expect(aged(STATUS_WINDOWS_MS.pending)).toBe('pending');
    expect(aged(STATUS_WINDOWS_MS.pending + 1)).toBe('offline');
  });

  it('an asset that never checked in is offline', () => {
    expect(computeStatus({ ...base, heartbeatAt: null }, NOW)).toBe('offline');
  });
});

describe('staleness', () => {
  it('is stale after 30 s without a heartbeat, not at 30 s', () => {
    expect(isStale(NOW - 30_000, NOW)).toBe(false);
    expect(isStale(NOW - 30_001, NOW)).toBe(true);
    expect(isStale(null, NOW)).toBe(true);
  });
});

describe('labels', () => {
  it('uses responder words for responder organisations', () => {
    expect(statusLabel('location', 'all')).toBe('On-Scene');
    expect(statusLabel('active', 'some')).toBe('Responding');
    expect(statusLabel('location', 'none')).toBe('Active Event');
    expect(statusLabel('active', 'none')).toBe('Active');
    expect(statusLabel('stationary', 'all')).toBe('Standby');
  });
});

describe('list order', () => {
  it('sorts by status, then by name before pending and newest heartbeat from pending on', () => {
    const things = [
      { status: 'pending' as const, name: 'old', heartbeatAt: 1 },
      { status: 'active' as const, name: 'bravo', heartbeatAt: 5 },
      { status: 'active' as const, name: 'Alpha', heartbeatAt: 1 },
      { status: 'pending' as const, name: 'new', heartbeatAt: 9 },
      { status: 'location' as const, name: 'zulu', heartbeatAt: 1 },
    ];
    expect(things.sort(compareThings).map((t) => t.name)).toEqual(['zulu', 'Alpha', 'bravo', 'new', 'old']);
  });
});
