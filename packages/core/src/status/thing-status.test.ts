import { describe, expect, it } from 'vitest';
import {
  compareThings,
  isStale,
  NO_CONTEXT,
  statusLabel,
  statusOf,
  STATUS_LASTS_MS,
  STATUS_WINDOWS_MS,
  fromServerStatus,
  toServerStatus,
  type ServerStatus,
  type StatusSubject,
  type ThingContext,
} from './thing-status';

const NOW = Date.UTC(2026, 10, 22, 12);
const base: StatusSubject = { heartbeatAt: NOW, enroute: false, street: null };
const aged = (ms: number, extra: Partial<StatusSubject> = {}) =>
  statusOf({ ...base, heartbeatAt: NOW - ms, ...extra }, NO_CONTEXT, NOW);
const context = (extra: Partial<ThingContext>): ThingContext => ({ ...NO_CONTEXT, ...extra });

describe('status rule', () => {
  it('an active closure makes the asset active, before anything else', () => {
    expect(
      statusOf(
        { ...base, heartbeatAt: null },
        context({ activeClosureIds: ['closure-1'], incidentId: 'incident-1' }),
        NOW,
      ),
    ).toBe('active');
  });

  it('being on an incident gives location', () => {
    expect(statusOf({ ...base, heartbeatAt: null }, context({ incidentId: 'incident-1' }), NOW)).toBe(
      'location',
    );
  });

  it('being at a station does not change the status by itself', () => {
    expect(statusOf(base, context({ stationId: 'station-1' }), NOW)).toBe('standby');
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
    expect(statusOf({ ...base, heartbeatAt: null }, NO_CONTEXT, NOW)).toBe('offline');
  });
});

describe('how long each status lasts without a check-in', () => {
  it('agrees with the status rule: past it, the status is always another', () => {
    for (const [status, lastsMs] of Object.entries(STATUS_LASTS_MS)) {
      for (const enroute of [true, false]) {
        for (const street of [null, 'Main St']) {
          const after = statusOf({ heartbeatAt: NOW - lastsMs - 1, enroute, street }, NO_CONTEXT, NOW);
          expect(after, `${status} enroute=${enroute} street=${street}`).not.toBe(
            fromServerStatus(status as ServerStatus),
          );
        }
      }
    }
  });

  const subjects: Record<keyof typeof STATUS_LASTS_MS, StatusSubject> = {
    active_location: { ...base, enroute: true },
    active: { ...base, enroute: true },
    standby: base,
    stationary: { ...base, street: 'Main St' },
    pending: base,
  };
  it.each(Object.entries(STATUS_LASTS_MS))('%s changes just after %i ms', (status, lastsMs) => {
    const subject = subjects[status as keyof typeof STATUS_LASTS_MS];
    const at = (age: number) =>
      toServerStatus(statusOf({ ...subject, heartbeatAt: NOW - age }, NO_CONTEXT, NOW));
    expect(at(lastsMs + 1)).not.toBe(status);
    if (status !== 'active_location') expect(at(lastsMs)).toBe(status);
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
