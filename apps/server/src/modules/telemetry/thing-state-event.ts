/** A stored live state as the `thing.states-changed` event carries it. */
import type { ThingState } from '@flare/core/events/thing-events';
import type { StoredState } from './telemetry.repository';

export function toThingState(stored: StoredState, organizationIds: string[], moved: boolean): ThingState {
  return {
    thing_id: stored.thing_id,
    organization_ids: organizationIds,
    lat: stored.lat,
    lng: stored.lng,
    speed: stored.speed,
    course: stored.course,
    accuracy: stored.accuracy,
    enroute: stored.enroute,
    in_service: stored.in_service,
    status: stored.status,
    status_changed_at: stored.status_changed_at.toISOString(),
    street: stored.street,
    heartbeat_at: stored.heartbeat_at?.toISOString() ?? null,
    moved,
    run_started_at: stored.run_started_at?.toISOString() ?? null,
    run_alert_points: stored.run_alert_points,
    alarm: stored.alarm,
    alarm_raised_at: stored.alarm_raised_at?.toISOString() ?? null,
    station_id: stored.station_id,
  };
}
