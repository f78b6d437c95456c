/** The one place where domain events become live-feed messages. */
import type { ClosureChanged } from '@flare/core/events/closure-events';
import type { ExportChanged } from '@flare/core/events/export-events';
import type { IncidentChanged } from '@flare/core/events/incident-events';
import type { ThingChanged, ThingState } from '@flare/core/events/thing-events';
import type { LiveMessage } from '@flare/core/live/messages';

/** A state change: a `point` when it moved the asset, otherwise a `heartbeat`. */
export function stateMessage(state: ThingState): LiveMessage {
  const shared = {
    thing_id: state.thing_id,
    in_service: state.in_service,
    status: state.status,
    run_started_at: state.run_started_at,
    run_alert_points: state.run_alert_points,
    alarm: state.alarm,
    alarm_raised_at: state.alarm_raised_at,
    station_id: state.station_id,
  };
  if (state.moved && state.lat !== null && state.lng !== null && state.heartbeat_at !== null) {
    return {
      type: 'point',
      ...shared,
      lat: state.lat,
      lng: state.lng,
      speed: state.speed,
      course: state.course,
      accuracy: state.accuracy,
      enroute: state.enroute,
      street: state.street,
      heartbeat_datetime: state.heartbeat_at,
    };
  }
  return { type: 'heartbeat', ...shared, heartbeat_datetime: state.heartbeat_at };
}

/** A registration or an edit: the whole asset (a deactivated one is removed by the dashboards). */
export function thingMessage(change: ThingChanged): LiveMessage {
  return { type: 'thing', thing: change.thing };
}

/** An incident as stored now: dashboards set its assets on scene and release those that left. */
export function locationMessage(change: IncidentChanged): LiveMessage {
  return { type: 'location', location: change.location };
}

/** A closure as stored now: dashboards replace theirs, or drop it when it is deleted. */
export function closureMessage(change: ClosureChanged): LiveMessage {
  return { type: 'closure', closure: change.closure };
}

/** An export as stored now (its progress), or deleted: dashboards replace theirs, or drop it. */
export function exportMessage(change: ExportChanged): LiveMessage {
  return { type: 'export', export: change.export, is_deleted: change.is_deleted };
}
