import type { ThingState } from '@flare/core/events/thing-events';
import { LiveMessageSchema } from '@flare/core/live/messages';
import { makeClosure } from '@flare/core/testing/closures';
import { makeThing } from '@flare/core/testing/things';
import { describe, expect, it } from 'vitest';
import { closureMessage, stateMessage, thingMessage } from './live-messages';

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
    const message = thingMessage({ thing, organization_ids: ['org-1'], device_ids: [thing.haas_id] });
    expect(LiveMessageSchema.parse(message)).toEqual({ type: 'thing', thing });
  });

  it('a closure change is a closure message carrying the closure, deleted ones included', () => {
    const closure = makeClosure({ is_deleted: true });
    const change = { organization_id: 'org-1', closure_id: closure.id, thing_id: null, closure };
    expect(LiveMessageSchema.parse(closureMessage(change))).toEqual({ type: 'closure', closure });
  });
});
