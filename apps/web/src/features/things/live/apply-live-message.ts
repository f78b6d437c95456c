/** How one live-feed message changes the asset it names. */
import type { LiveMessage, ThingLiveMessage } from '@flare/core/live/messages';
import type { Thing } from '@flare/core/schemas/thing';
import { movesAsset } from '@flare/core/status/thing-position';

/**
 * The asset after the message: a new object when it changed, `null` when the asset leaves the
 * organisation's view (deactivated), the same object when the message does not apply.
 */
export function applyLiveMessage(
  thing: Thing | undefined,
  message: ThingLiveMessage,
  atStation = false,
): Thing | null | undefined {
  switch (message.type) {
    case 'thing':
      return message.thing.is_active ? message.thing : null;
    case 'heartbeat':
      if (!thing) return thing;
      return {
        ...thing,
        ...statusChange(thing, message.status, message.heartbeat_datetime),
        in_service: message.in_service ?? thing.in_service,
        ...serverState(message),
      };
    case 'point': {
      if (!thing) return thing;
      return {
        ...thing,
        ...(movesAsset(message, atStation)
          ? { lat: message.lat, lng: message.lng, street: message.street ?? thing.street }
          : {}),
        speed: message.speed,
        course: message.course,
        enroute: message.enroute,
        in_service: message.in_service,
        ...statusChange(thing, message.status, message.heartbeat_datetime),
        ...serverState(message),
      };
    }
  }
}

/** What every status update carries as the server keeps it: the check-in, the run, the alarm and the station. */
function serverState(message: Extract<LiveMessage, { type: 'point' | 'heartbeat' }>) {
  return {
    heartbeat_datetime: message.heartbeat_datetime,
    run_started_at: message.run_started_at,
    run_alert_points: message.run_alert_points,
    alarm: message.alarm,
    alarm_raised_at: message.alarm_raised_at,
    station_id: message.station_id,
  };
}

/** A new status starts now (the report's time); the same status keeps its start. */
function statusChange(thing: Thing, status: Thing['status'], at: string | null) {
  return status === thing.status ? { status } : { status, status_changed_at: at ?? new Date().toISOString() };
}
