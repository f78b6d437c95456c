import { describe, expect, it } from 'vitest';
import {
  coalescingKey,
  liveMessageAccess,
  liveMessageSubject,
  liveMessageUrgency,
  LiveMessageSchema,
  type LiveMessage,
} from '../live/messages';
import { makeHeartbeat, makePoint } from '../testing/live-messages';
import { makeClosure } from '../testing/closures';
import { makeExport } from '../testing/exports';
import { makeIncident } from '../testing/incidents';
import { makeThing } from '../testing/things';
import type { DomainEventDefinition } from './domain-event';
import { DOMAIN_EVENTS, LIVE_MESSAGE_DEFINITIONS } from './section-feeds';
import { assetTurned, stateMessage, type ThingState } from './thing-events';

const state = (patch: Partial<ThingState> = {}): ThingState => ({
  thing_id: 'thing-1',
  organization_ids: ['org-1'],
  lat: 39.8,
  lng: -89.6,
  speed: 12,
  course: 90,
  accuracy: 5,
  enroute: true,
  in_service: true,
  status: 'active',
  status_changed_at: '2026-11-23T10:00:00.000Z',
  street: 'Main St',
  heartbeat_at: '2026-11-23T10:05:00.000Z',
  moved: true,
  run_started_at: '2026-11-23T10:00:00.000Z',
  run_alert_points: 4,
  alarm: 'sos',
  alarm_raised_at: '2026-11-23T10:04:00.000Z',
  station_id: 'station-1',
  ...patch,
});

/** The live-feed deliveries an event makes, checked against the feed's schema as a dashboard reads them. */
function deliveries(name: keyof typeof DOMAIN_EVENTS, payload: unknown) {
  const definition: DomainEventDefinition = DOMAIN_EVENTS[name];
  return (definition.live?.(payload) ?? []).map(({ organizationIds, message }) => ({
    organizationIds,
    message: LiveMessageSchema.parse(message),
  }));
}

describe("the sections' feeds", () => {
  it('name each live message once, and read its access and key from its definition', () => {
    const types = LIVE_MESSAGE_DEFINITIONS.map((definition) => definition.type);
    expect(new Set(types).size).toBe(types.length);
    expect(types.toSorted()).toEqual(['closure', 'export', 'heartbeat', 'location', 'point', 'thing']);
    expect(liveMessageAccess('closure')).toBe('viewClosures');
    expect(liveMessageAccess('export')).toBe('viewExports');
    expect(liveMessageAccess('point')).toBeUndefined();
    const closure = makeClosure();
    const message: LiveMessage = { type: 'closure', closure };
    expect(coalescingKey(message)).toBe(`closure:${closure.id}`);
    expect(coalescingKey(stateMessage(state()))).toBe('point:thing-1');
    expect(coalescingKey(stateMessage(state({ moved: false })))).toBe('heartbeat:thing-1');
  });

  it('give every message about one asset the asset as its subject, and other messages their key', () => {
    const thing = makeThing({ id: 'thing-1' });
    const subjects = [
      stateMessage(state()),
      stateMessage(state({ moved: false })),
      { type: 'thing', thing } satisfies LiveMessage,
    ].map(liveMessageSubject);
    expect(subjects).toEqual(['thing:thing-1', 'thing:thing-1', 'thing:thing-1']);
    expect(liveMessageSubject(stateMessage(state({ thing_id: 'thing-2' })))).toBe('thing:thing-2');
    const closure: LiveMessage = { type: 'closure', closure: makeClosure() };
    expect(liveMessageSubject(closure)).toBe(coalescingKey(closure));
  });

  it('send each asset state to the organisations that see that asset', () => {
    const states = [
      state(),
      state({ thing_id: 'thing-2', organization_ids: ['org-2', 'org-3'], moved: false }),
    ];
    expect(deliveries('thing.states-changed', { cause: 'report', states })).toEqual([
      { organizationIds: ['org-1'], message: stateMessage(states[0]!) },
      { organizationIds: ['org-2', 'org-3'], message: stateMessage(states[1]!) },
    ]);
  });

  it('send an incident to its organisation and every one that sees one of its assets', () => {
    const location = makeIncident();
    expect(deliveries('incident.changed', { location, organization_ids: ['org-1', 'org-2'] })).toEqual([
      { organizationIds: ['org-1', 'org-2'], message: { type: 'location', location } },
    ]);
  });

  it('send an export, deleted or not, to its organisation', () => {
    const made = makeExport();
    expect(
      deliveries('export.changed', { organization_id: 'org-1', export: made, is_deleted: true }),
    ).toEqual([{ organizationIds: ['org-1'], message: { type: 'export', export: made, is_deleted: true } }]);
  });

  it('make no live message of area changes or ended sessions', () => {
    expect(deliveries('area.changed', { organization_id: 'org-1', area_id: 'area-1' })).toEqual([]);
    expect(deliveries('user.sessions-ended', { user_id: 'user-1' })).toEqual([]);
  });
});

describe('live messages of domain events', () => {
  it('a state change that moved the asset is a point message', () => {
    const message = stateMessage(state());
    expect(LiveMessageSchema.parse(message)).toEqual({
      type: 'point',
      thing_id: 'thing-1',
      lat: 39.8,
      lng: -89.6,
      speed: 12,
      course: 90,
      accuracy: 5,
      enroute: true,
      in_service: true,
      status: 'active',
      street: 'Main St',
      heartbeat_datetime: '2026-11-23T10:05:00.000Z',
      run_started_at: '2026-11-23T10:00:00.000Z',
      run_alert_points: 4,
      alarm: 'sos',
      alarm_raised_at: '2026-11-23T10:04:00.000Z',
      station_id: 'station-1',
    });
  });

  it('a check-in, or a change of status alone, is a heartbeat message', () => {
    for (const patch of [{ moved: false }, { moved: true, lat: null, lng: null }]) {
      const message = stateMessage(
        state({ ...patch, status: 'pending', alarm: null, alarm_raised_at: null }),
      );
      expect(LiveMessageSchema.parse(message)).toEqual({
        type: 'heartbeat',
        thing_id: 'thing-1',
        in_service: true,
        status: 'pending',
        heartbeat_datetime: '2026-11-23T10:05:00.000Z',
        run_started_at: '2026-11-23T10:00:00.000Z',
        run_alert_points: 4,
        alarm: null,
        alarm_raised_at: null,
        station_id: 'station-1',
      });
    }
  });

  it('a registration or an edit is a thing message carrying the whole asset', () => {
    const thing = makeThing({ is_active: false });
    const change = { thing, organization_ids: ['org-1', 'org-2'], device_ids: [thing.haas_id] };
    expect(deliveries('thing.changed', change)).toEqual([
      { organizationIds: ['org-1', 'org-2'], message: { type: 'thing', thing } },
    ]);
  });

  it('a closure change is a closure message carrying the closure, deleted ones included', () => {
    const closure = makeClosure({ is_deleted: true });
    const change = { organization_id: 'org-1', closure_id: closure.id, thing_id: null, closure };
    expect(deliveries('closure.changed', change)).toEqual([
      { organizationIds: ['org-1'], message: { type: 'closure', closure } },
    ]);
  });
});

describe('alerts: the live messages that go out at once', () => {
  const urgency = (message: LiveMessage, last?: Record<string, string | boolean | null>) =>
    liveMessageUrgency(message, () => last);

  it('every incident and closure change', () => {
    expect(urgency({ type: 'location', location: makeIncident() }).urgent).toBe(true);
    expect(urgency({ type: 'closure', closure: makeClosure() }).urgent).toBe(true);
    expect(urgency({ type: 'thing', thing: makeThing() }).urgent).toBe(false);
  });

  it('an asset turning On-Scene, Responding or Offline, taken Out-of-Service, or raising an alarm', () => {
    const last = { status: 'standby', alarm_raised_at: null, in_service: true };
    expect(assetTurned(last, { ...last, status: 'active_location' })).toBe(true);
    expect(assetTurned(last, { ...last, status: 'active' })).toBe(true);
    expect(assetTurned(last, { ...last, status: 'offline' })).toBe(true);
    expect(assetTurned(last, { ...last, in_service: false })).toBe(true);
    expect(assetTurned(last, { ...last, alarm_raised_at: '2026-11-29T10:00:00.000Z' })).toBe(true);
    // A heartbeat that leaves in_service out keeps the last value: the turn is judged on it.
    expect(assetTurned({ ...last, in_service: false }, { status: 'offline', alarm_raised_at: null })).toBe(
      false,
    );
    // Not: the same state, a change the Live list does not tell of, or the first update seen.
    expect(assetTurned(last, last)).toBe(false);
    expect(assetTurned(last, { ...last, status: 'stationary' })).toBe(false);
    expect(assetTurned({ ...last, status: 'active' }, { ...last, status: 'pending' })).toBe(false);
    expect(assetTurned(undefined, { ...last, status: 'active_location' })).toBe(false);
  });

  it('tracks what a point or a heartbeat tells of its asset', () => {
    const point = urgency(makePoint('unit-1', { status: 'active_location' }), {
      status: 'active',
      alarm_raised_at: null,
    });
    expect(point).toEqual({
      urgent: true,
      tracked: {
        subject: 'thing:unit-1',
        state: { status: 'active_location', alarm_raised_at: null, in_service: true },
      },
    });
    // A heartbeat without in_service (the sweep's) leaves it out, so the last value is kept.
    const heartbeat = urgency(makeHeartbeat('unit-1', { status: 'offline', in_service: undefined }));
    expect(heartbeat.tracked!.state).toEqual({ status: 'offline', alarm_raised_at: null });
  });
});
