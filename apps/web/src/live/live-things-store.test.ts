import { afterEach, describe, expect, it } from 'vitest';
import { makeThing } from '../testing/things';
import { liveThings } from './live-things-store';

const point = (thingId: string, patch: Record<string, unknown> = {}) => ({
  type: 'point' as const,
  thing_id: thingId,
  lat: 42,
  lng: -88,
  speed: 12,
  course: 90,
  accuracy: 5,
  enroute: true,
  in_service: true,
  status: 'active' as const,
  street: 'Main St',
  heartbeat_datetime: '2026-11-22T10:00:00.000Z',
  run_started_at: '2026-11-22T10:00:00.000Z',
  run_alert_points: 1,
  ...patch,
});

describe('live things store', () => {
  afterEach(() => liveThings.clear());

  it('holds a complete load without deactivated assets, and makes a new snapshot per change', () => {
    const [a, b] = [makeThing(), makeThing({ is_active: false })];
    const before = liveThings.getSnapshot();
    liveThings.replaceAll([a, b]);
    const after = liveThings.getSnapshot();
    expect(after).not.toBe(before);
    expect([...after.things.keys()]).toEqual([a.id]);
    expect(after.loaded).toBe(true);
  });

  it('moves an asset on a point message and starts its new status at the report time', () => {
    const thing = makeThing({ status: 'standby' });
    liveThings.replaceAll([thing]);
    liveThings.apply([point(thing.id, { in_service: false })]);
    const moved = liveThings.getSnapshot().things.get(thing.id)!;
    expect([moved.lat, moved.lng, moved.status, moved.street]).toEqual([42, -88, 'active', 'Main St']);
    expect(moved.in_service).toBe(false);
    expect(moved.status_changed_at).toBe('2026-11-22T10:00:00.000Z');
    // The run is the server's: taken as sent.
    expect([moved.run_started_at, moved.run_alert_points]).toEqual(['2026-11-22T10:00:00.000Z', 1]);
    liveThings.apply([
      {
        type: 'heartbeat',
        thing_id: thing.id,
        status: 'standby',
        heartbeat_datetime: '2026-11-22T10:00:05.000Z',
        run_started_at: null,
        run_alert_points: 0,
      },
    ]);
    const ended = liveThings.getSnapshot().things.get(thing.id)!;
    expect([ended.status, ended.run_started_at, ended.run_alert_points]).toEqual(['standby', null, 0]);
  });

  it('keeps the position when the accuracy is worse than 100, but takes the rest', () => {
    const thing = makeThing({ lat: 1, lng: 2 });
    liveThings.replaceAll([thing]);
    liveThings.apply([point(thing.id, { accuracy: 150 })]);
    const kept = liveThings.getSnapshot().things.get(thing.id)!;
    expect([kept.lat, kept.lng, kept.speed]).toEqual([1, 2, 12]);
  });

  it('adds assets from thing messages, removes deactivated ones and ignores points of unknown assets', () => {
    liveThings.replaceAll([]);
    const version = liveThings.getSnapshot().version;
    liveThings.apply([point('unknown')]);
    expect(liveThings.getSnapshot().version).toBe(version);
    const thing = makeThing();
    liveThings.apply([{ type: 'thing', thing }]);
    expect(liveThings.getSnapshot().things.has(thing.id)).toBe(true);
    liveThings.apply([{ type: 'thing', thing: { ...thing, is_active: false } }]);
    expect(liveThings.getSnapshot().things.has(thing.id)).toBe(false);
  });

  it('applies incremental loads: changed assets replace theirs, deactivated ones leave', () => {
    const [a, b] = [makeThing(), makeThing()];
    liveThings.replaceAll([a, b]);
    liveThings.upsert([
      { ...a, nickname: 'Renamed' },
      { ...b, is_active: false },
    ]);
    const things = liveThings.getSnapshot().things;
    expect(things.get(a.id)?.nickname).toBe('Renamed');
    expect(things.has(b.id)).toBe(false);
  });
});
