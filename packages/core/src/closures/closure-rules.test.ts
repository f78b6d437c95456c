import { describe, expect, it } from 'vitest';
import {
  ClosureInputSchema,
  CLOSURE_MESSAGES,
  closureDeleteErrorMessage,
  closureSaveErrorMessage,
  DIRECTIONS_FAILED,
  directionsErrorMessage,
} from '../schemas/closure';
import { assetHasActiveClosure, closureProblems, closureTimes, toMinute } from './closure-rules';
import { closureStatus } from './closure-status';

const now = new Date('2026-11-25T10:00:30Z');
const route = {
  type: 'LineString',
  coordinates: [
    [-89.65, 39.8],
    [-89.64, 39.8],
  ],
};
const closure = (patch: Record<string, unknown> = {}) =>
  ClosureInputSchema.parse({
    closure_type: 'manual',
    description: 'Lane 2 resurfacing',
    user_route: route,
    ...patch,
  });
const problems = (patch: Record<string, unknown>, wzdxOrganization = false) =>
  closureProblems(closure(patch), { now, wzdxOrganization }).map((p) => p.message);

describe('the closure payload', () => {
  it('needs a description of at most 100 characters, an alert message of at most 40, a route of 2 points', () => {
    const issues = (patch: Record<string, unknown>) =>
      ClosureInputSchema.safeParse({
        closure_type: 'manual',
        description: 'x',
        user_route: route,
        ...patch,
      }).error?.issues.map((issue) => issue.message);
    expect(issues({ description: ' ' })).toEqual(['Required']);
    expect(issues({ description: 'x'.repeat(101) })).toEqual(['100 Max Characters']);
    expect(issues({ alert_message: 'x'.repeat(41) })).toEqual(['40 Max Characters']);
    expect(issues({ user_route: { type: 'LineString', coordinates: [[-89.65, 39.8]] } })).toEqual([
      CLOSURE_MESSAGES.routeRequired,
    ]);
    expect(issues({ impacted_lanes: [0] })).toHaveLength(1);
    expect(issues({ impacted_lanes: [10] })).toHaveLength(1);
    expect(issues({ impacted_lanes: [1, 9] })).toBeUndefined();
    expect(issues({ closure_type: 'feed' })).toHaveLength(1);
  });
});

describe('the closure rules', () => {
  it('an automated closure needs its asset', () => {
    expect(problems({ closure_type: 'automated' })).toEqual([CLOSURE_MESSAGES.assetRequired]);
    expect(problems({ closure_type: 'automated', thing_id: '0a8d7b3e-1111-4000-8000-000000000001' })).toEqual(
      [],
    );
  });

  it('active needs an end; scheduled a start and an end; not both', () => {
    expect(problems({ is_active: true })).toEqual([CLOSURE_MESSAGES.endRequired]);
    expect(problems({ is_scheduled: true })).toEqual([
      CLOSURE_MESSAGES.startRequired,
      CLOSURE_MESSAGES.endRequired,
    ]);
    expect(
      problems({
        is_active: true,
        is_scheduled: true,
        start_time: '2026-11-25T09:00:00Z',
        end_time: '2026-11-25T12:00:00Z',
      }),
    ).toEqual([CLOSURE_MESSAGES.activeOrScheduled]);
  });

  it('an active closure starts now or earlier (entered after it began), never later', () => {
    const active = { is_active: true, end_time: '2026-11-25T12:00:00Z' };
    expect(problems({ ...active, start_time: '2026-11-25T08:30:00Z' })).toEqual([]);
    // This minute is now.
    expect(problems({ ...active, start_time: '2026-11-25T10:00:00Z' })).toEqual([]);
    expect(problems({ ...active, start_time: '2026-11-25T10:01:00Z' })).toEqual([
      CLOSURE_MESSAGES.activeStartsLater,
    ]);
    expect(closureTimes({ ...active, is_scheduled: false, start_time: '2026-11-25T08:30:20Z' }, now)).toEqual(
      {
        is_active: true,
        start_time: new Date('2026-11-25T08:30:00Z'),
        end_time: new Date('2026-11-25T12:00:00Z'),
      },
    );
  });

  it('the end is after the start and at most 3 months ahead', () => {
    expect(problems({ is_active: true, end_time: '2027-02-25T10:00:00Z' })).toEqual([]);
    expect(problems({ is_active: true, end_time: '2027-02-25T10:01:00Z' })).toEqual([
      CLOSURE_MESSAGES.endTooFar,
    ]);
    expect(
      problems({ is_scheduled: true, start_time: '2026-11-25T12:00:00Z', end_time: '2026-11-25T12:00:00Z' }),
    ).toEqual([CLOSURE_MESSAGES.endBeforeStart]);
  });

  it('work-zone organisations give a direction; publishing needs the id, road names, location method and impact', () => {
    expect(problems({}, true)).toEqual([CLOSURE_MESSAGES.directionRequired]);
    expect(problems({ direction: 'N' }, true)).toEqual([]);
    expect(problems({ is_publish_on: true })).toEqual(['Required', 'Required', 'Required', 'Required']);
    expect(
      problems({
        is_publish_on: true,
        external_id: 'WZ-1',
        road_names: ['IL-29'],
        location_method: 'channel-device-method',
        vehicle_impact: 'some-lanes-closed',
      }),
    ).toEqual([]);
  });
});

describe('the stored times', () => {
  it('to the minute; a scheduled closure is active once its start has come', () => {
    expect(toMinute('2026-11-25T10:00:59.900Z').toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(
      closureTimes({ is_active: true, is_scheduled: false, end_time: '2026-11-25T12:00:45Z' }, now),
    ).toEqual({
      is_active: true,
      start_time: new Date('2026-11-25T10:00:00Z'),
      end_time: new Date('2026-11-25T12:00:00Z'),
    });
    const scheduled = (start: string) =>
      closureTimes(
        { is_active: false, is_scheduled: true, start_time: start, end_time: '2026-11-25T12:00:00Z' },
        now,
      ).is_active;
    expect(scheduled('2026-11-25T10:00:00Z')).toBe(true);
    expect(scheduled('2026-11-25T10:01:00Z')).toBe(false);
    expect(closureTimes({ is_active: false, is_scheduled: false }, now)).toEqual({
      is_active: false,
      start_time: null,
      end_time: null,
    });
  });
});

describe('closure status', () => {
  const hour = 3_600_000;
  const t = now.getTime();
  it('manual and feed closures are active or standby', () => {
    expect(closureStatus({ closure_type: 'manual', is_active: true }, null, t)).toBe('active');
    expect(closureStatus({ closure_type: 'feed', is_active: false }, null, t)).toBe('standby');
  });

  it("an automated closure follows its asset's last check-in: 8 h standby, 4 days pending, then offline", () => {
    const automated = (age: number | null) =>
      closureStatus({ closure_type: 'automated', is_active: false }, age === null ? null : t - age, t);
    expect(automated(8 * hour)).toBe('standby');
    expect(automated(8 * hour + 1)).toBe('pending');
    expect(automated(96 * hour)).toBe('pending');
    expect(automated(96 * hour + 1)).toBe('offline');
    expect(automated(null)).toBe('offline');
    expect(closureStatus({ closure_type: 'automated', is_active: true }, null, t)).toBe('active');
  });
});

describe('closure save errors', () => {
  it('map the server answer to the catalogue', () => {
    expect(closureSaveErrorMessage(0, undefined)).toBe('Connection failed');
    expect(closureSaveErrorMessage(404, 'x')).toBe('Closure not found');
    expect(closureSaveErrorMessage(422, 'duplicate key value violates unique constraint')).toBe(
      CLOSURE_MESSAGES.idInUse,
    );
    expect(closureSaveErrorMessage(422, 'Closure not managed by Dashboard')).toBe(
      CLOSURE_MESSAGES.notManaged,
    );
    expect(closureSaveErrorMessage(500, 'boom')).toBe('Unable to save Closure');
  });
});

describe('closure delete errors', () => {
  it("say the server's reason where it gives one, else the generic words", () => {
    expect(closureDeleteErrorMessage(0, undefined)).toBe('Connection failed');
    expect(closureDeleteErrorMessage(403, 'User does not have required permissions')).toBe(
      CLOSURE_MESSAGES.notAllowed,
    );
    expect(closureDeleteErrorMessage(422, 'Closure not managed by Dashboard')).toBe(
      CLOSURE_MESSAGES.notManaged,
    );
    expect(closureDeleteErrorMessage(500, 'boom')).toBe('Unable to delete Closure');
  });
});

describe('directions errors', () => {
  it("show the service's own message, anything else 'Something went wrong'", () => {
    expect(directionsErrorMessage(DIRECTIONS_FAILED, 'Impossible route')).toBe('Impossible route');
    expect(directionsErrorMessage(undefined, 'Connection failed.')).toBe('Something went wrong');
  });
});

describe('an automated closure for an asset', () => {
  it('starts active when the asset already has an active closure, other than the one edited', () => {
    const closures = [
      { id: 'c1', thing_id: 'car-1', is_active: true },
      { id: 'c2', thing_id: 'car-2', is_active: false },
      { id: 'c3', thing_id: null, is_active: true },
    ];
    expect(assetHasActiveClosure(closures, 'car-1', null)).toBe(true);
    expect(assetHasActiveClosure(closures, 'car-1', 'c1')).toBe(false);
    expect(assetHasActiveClosure(closures, 'car-2', null)).toBe(false);
    expect(assetHasActiveClosure(closures, 'car-3', null)).toBe(false);
  });
});
