/** Live-feed messages for tests (server and web), as the server sends them. */
import type { LiveMessage } from '../live/messages';

type PointMessage = Extract<LiveMessage, { type: 'point' }>;
type HeartbeatMessage = Extract<LiveMessage, { type: 'heartbeat' }>;

export function makePoint(thingId: string, overrides: Partial<PointMessage> = {}): PointMessage {
  return {
    type: 'point',
    thing_id: thingId,
    lat: 42,
    lng: -88,
    speed: 12,
    course: 90,
    accuracy: 5,
    enroute: true,
    in_service: true,
    status: 'active',
    street: 'Main St',
    heartbeat_datetime: '2026-11-22T10:00:00.000Z',
    run_started_at: '2026-11-22T10:00:00.000Z',
    run_alert_points: 1,
    station_id: null,
    alarm: null,
    alarm_raised_at: null,
    ...overrides,
  };
}

export function makeHeartbeat(thingId: string, overrides: Partial<HeartbeatMessage> = {}): HeartbeatMessage {
  return {
    type: 'heartbeat',
    thing_id: thingId,
    status: 'active',
    heartbeat_datetime: '2026-11-22T10:00:05.000Z',
    run_started_at: null,
    run_alert_points: 0,
    station_id: null,
    alarm: null,
    alarm_raised_at: null,
    ...overrides,
  };
}
