import { afterEach, describe, expect, it } from 'vitest';
import { makeHeartbeat, makePoint } from '@flare/core/testing/live-messages';
import { makeThing } from '@flare/core/testing/things';
import { liveThings } from './live-things-store';

describe('live things store', () => {
  afterEach(() => liveThings.clear());

  it('holds a complete load without deactivated assets, and makes a new snapshot per change', () => {
    const [a, b] = [makeThing(), makeThing({ is_active: false })];
    const before = liveThings.getSnapshot();
    liveThings.replaceAll([a, b]);
    const after = liveThings.getSnapshot();
    expect(after).not.toBe(before);
    expect([...after.items.keys()]).toEqual([a.id]);
    expect(after.loaded).toBe(true);
  });

  it('moves an asset on a point message and starts its new status at the report time', () => {
    const thing = makeThing({ status: 'standby' });
    liveThings.replaceAll([thing]);
    liveThings.apply([makePoint(thing.id, { in_service: false })]);
    const moved = liveThings.getSnapshot().items.get(thing.id)!;
    expect([moved.lat, moved.lng, moved.status, moved.street]).toEqual([42, -88, 'active', 'Main St']);
    expect(moved.in_service).toBe(false);
    expect(moved.status_changed_at).toBe('2026-11-22T10:00:00.000Z');
    // The run is the server's: taken as sent.
    expect([moved.run_started_at, moved.run_alert_points]).toEqual(['2026-11-22T10:00:00.000Z', 1]);
    liveThings.apply([makeHeartbeat(thing.id, { status: 'standby' })]);
    const ended = liveThings.getSnapshot().items.get(thing.id)!;
    expect([ended.status, ended.run_started_at, ended.run_alert_points]).toEqual(['standby', null, 0]);
  });

  it('keeps the position when the accuracy is worse than 100, but takes the rest', () => {
    const thing = makeThing({ lat: 1, lng: 2 });
    liveThings.replaceAll([thing]);
    liveThings.apply([makePoint(thing.id, { accuracy: 150 })]);
    const kept = liveThings.getSnapshot().items.get(thing.id)!;
    expect([kept.lat, kept.lng, kept.speed]).toEqual([1, 2, 12]);
  });

  it('takes the alarm as the server sends it with points and heartbeats', () => {
    const thing = makeThing();
    liveThings.replaceAll([thing]);
    liveThings.apply([makePoint(thing.id, { alarm: 'sos', alarm_raised_at: '2026-11-22T10:00:00.000Z' })]);
    const raised = liveThings.getSnapshot().items.get(thing.id)!;
    expect([raised.alarm, raised.alarm_raised_at]).toEqual(['sos', '2026-11-22T10:00:00.000Z']);
    liveThings.apply([makeHeartbeat(thing.id)]);
    const cleared = liveThings.getSnapshot().items.get(thing.id)!;
    expect([cleared.alarm, cleared.alarm_raised_at]).toEqual([null, null]);
  });

  it('adds assets from thing messages, removes deactivated ones and ignores points of unknown assets', () => {
    liveThings.replaceAll([]);
    const version = liveThings.getSnapshot().version;
    liveThings.apply([makePoint('unknown')]);
    expect(liveThings.getSnapshot().version).toBe(version);
    const thing = makeThing();
    liveThings.apply([{ type: 'thing', thing }]);
    expect(liveThings.getSnapshot().items.has(thing.id)).toBe(true);
    liveThings.apply([{ type: 'thing', thing: { ...thing, is_active: false } }]);
    expect(liveThings.getSnapshot().items.has(thing.id)).toBe(false);
  });

  it('applies incremental loads: changed assets replace theirs, deactivated ones leave', () => {
    const [a, b] = [makeThing(), makeThing()];
    liveThings.replaceAll([a, b]);
    liveThings.upsert([
      { ...a, nickname: 'Renamed' },
      { ...b, is_active: false },
    ]);
    const things = liveThings.getSnapshot().items;
    expect(things.get(a.id)?.nickname).toBe('Renamed');
    expect(things.has(b.id)).toBe(false);
  });

  it('tells who listens of the assets messages and incremental loads change, not of complete loads', () => {
    const [a, b] = [makeThing({ status: 'standby' }), makeThing()];
    const seen: Array<[string, string, string]> = [];
    const stop = liveThings.onChanges((changes) =>
      changes.forEach(({ before, after }) => seen.push([after.id, before.status, after.status])),
    );
    liveThings.replaceAll([a, b]);
    expect(seen).toEqual([]);
    liveThings.apply([makePoint(a.id), makePoint('unknown')]);
    expect(seen).toEqual([[a.id, 'standby', 'active']]);
    // The store holds the change before anyone is told.
    let held: string | undefined;
    const stopHeld = liveThings.onChanges(() => (held = liveThings.getSnapshot().items.get(b.id)?.status));
    liveThings.upsert([{ ...b, status: 'offline' }, makeThing()]);
    stopHeld();
    expect(held).toBe('offline');
    expect(seen).toEqual([
      [a.id, 'standby', 'active'],
      [b.id, b.status, 'offline'],
    ]);
    stop();
    liveThings.apply([makeHeartbeat(a.id, { status: 'standby' })]);
    expect(seen).toHaveLength(2);
  });
});
