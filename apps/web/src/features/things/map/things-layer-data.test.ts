import { describe, expect, it } from 'vitest';
import { makeThing } from '@flare/core/testing/things';
import {
  directionAngle,
  EMPTY_SHAPED,
  ICON_KEYS,
  iconIndex,
  iconType,
  markerSize,
  markerTone,
  markerZ,
  shapeThings,
  shouldGroupStations,
  STALE_ALPHA,
  stationMarkerSize,
  thingInfo,
  type MarkerTone,
} from './things-layer-data';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const fresh = new Date(NOW - 5_000).toISOString();
const old = new Date(NOW - 60_000).toISOString();
const toneColors = Object.fromEntries(
  (['location', 'active', 'standby', 'pending', 'offline', 'outOfService'] as MarkerTone[]).map((tone, i) => [
    tone,
    [i, i, i] as const,
  ]),
) as Record<MarkerTone, readonly [number, number, number]>;
const shape = (
  things: ReturnType<typeof makeThing>[],
  previous = EMPTY_SHAPED,
  include?: (t: unknown) => boolean,
) => shapeThings(things, { now: NOW, toneColors, ...(include ? { include } : {}) }, previous);

describe('things layer data', () => {
  it('draws offline lowest and on-scene highest, keeping the store order within a status', () => {
    const things = [
      makeThing({ status: 'active', nickname: 'a1' }),
      makeThing({ status: 'offline', nickname: 'o1' }),
      makeThing({ status: 'active_location', nickname: 'l1' }),
      makeThing({ status: 'pending', nickname: 'p1' }),
      makeThing({ status: 'stationary', nickname: 's1' }),
      makeThing({ status: 'active', nickname: 'a2' }),
      makeThing({ status: 'standby', nickname: 's2' }),
    ];
    expect(shape(things).things.map((t) => t.nickname)).toEqual(['o1', 'p1', 's1', 's2', 'a1', 'a2', 'l1']);
  });

  it('stacks by the spec: base 50, +50 active, +75 pinned, +100 hovered, status breaking ties', () => {
    expect(markerZ('offline')).toBe(50);
    expect(markerZ('pending')).toBeLessThan(markerZ('standby'));
    expect(markerZ('standby')).toBe(markerZ('stationary'));
    expect(markerZ('active')).toBe(50 + 50 + 3);
    expect(markerZ('location')).toBeGreaterThan(markerZ('active'));
    expect(markerZ('offline', { pinned: true })).toBe(125);
    expect(markerZ('offline', { hovered: true })).toBe(150);
    expect(markerZ('offline', { hovered: true })).toBeGreaterThan(markerZ('location'));
    expect(markerZ('active', { pinned: true, hovered: true })).toBe(50 + 50 + 3 + 75 + 100);
  });

  it('sizes icons by zoom: under 11 16 px, 11–12 20 px, 13 and above 30 px', () => {
    expect([10.9, 11, 12.9, 13, 18].map(markerSize)).toEqual([16, 20, 20, 30, 30]);
    expect([10, 12, 13].map(stationMarkerSize)).toEqual([8, 12, 20]);
  });

  it('picks the icon by seeded type name and status colour, out-of-service apart', () => {
    expect(iconType('ems')).toBe('ems');
    expect(iconType('ambulance')).toBe('ems');
    expect(iconType('Arrow_Board')).toBe('arrow_board');
    expect(iconType('hovercraft')).toBe('general');
    expect(markerTone('stationary', true)).toBe('standby');
    expect(markerTone('active', false)).toBe('outOfService');
    const tow = makeThing({ thing_type: { id: 't', name: 'tow', display_name: 'Tow', emergency: false } });
    const shaped = shape([tow]);
    expect(ICON_KEYS[shaped.icons[0]!]).toBe('tow-standby');
    expect(new Set(ICON_KEYS).size).toBe(ICON_KEYS.length);
    expect(iconIndex('general', 'outOfService')).toBe(ICON_KEYS.length - 1);
  });

  it('writes longitude, latitude and a dimmed alpha for stale assets; leaves out assets without a position', () => {
    const shaped = shape([
      makeThing({ lng: -87.5, lat: 41.5, heartbeat_datetime: fresh }),
      makeThing({ lng: -88, lat: 42, heartbeat_datetime: old }),
      makeThing({ lng: null, lat: null }),
    ]);
    expect(shaped.count).toBe(2);
    expect([...shaped.positions]).toEqual([-87.5, 41.5, 0, -88, 42, 0]);
    expect([...shaped.colors]).toEqual([255, 255, 255, 255, 255, 255, 255, STALE_ALPHA]);
  });

  it('draws a compass arrow for moving, fresh assets with a course, rotated by the 8-point rule', () => {
    expect([0, 44, 90, 200, 350, null].map(directionAngle)).toEqual([0, 45, 90, 180, 0, null]);
    const shaped = shape([
      makeThing({ status: 'active', enroute: true, course: 90, heartbeat_datetime: fresh }),
      makeThing({ status: 'active', enroute: true, course: 90, heartbeat_datetime: old }),
      makeThing({ status: 'standby', speed: 0, course: 90, heartbeat_datetime: fresh }),
      makeThing({ status: 'standby', speed: 4, course: 130, heartbeat_datetime: fresh, lng: -80 }),
    ]);
    expect(shaped.arrows.count).toBe(2);
    expect([...shaped.arrows.angles]).toEqual([135, 90]);
    expect(shaped.arrows.positions[0]).toBe(-80);
    expect([...shaped.arrows.tones.slice(0, 4)]).toEqual([...toneColors.standby, 255]);
  });

  it('keeps the icon version while only positions move, and bumps it when an icon changes', () => {
    const thing = makeThing({ status: 'standby' });
    const first = shape([thing]);
    const moved = shape([{ ...thing, lat: 41.9 }], first);
    expect(moved.iconsVersion).toBe(first.iconsVersion);
    const responding = shape([{ ...thing, status: 'active' }], moved);
    expect(responding.iconsVersion).toBe(moved.iconsVersion + 1);
    expect(shape([], responding).iconsVersion).toBe(responding.iconsVersion + 1);
  });

  it('draws only the assets the filter keeps', () => {
    const [a, b] = [makeThing({ nickname: 'keep' }), makeThing({ nickname: 'drop' })];
    const shaped = shape([a, b], EMPTY_SHAPED, (t) => (t as typeof a).nickname === 'keep');
    expect(shaped.things).toEqual([a]);
  });

  it('groups station assets only with Group View and Density View on, below zoom 14', () => {
    expect(shouldGroupStations({ stationView: true, densityView: true, zoom: 13.9 })).toBe(true);
    expect(shouldGroupStations({ stationView: true, densityView: true, zoom: 14 })).toBe(false);
    expect(shouldGroupStations({ stationView: true, densityView: false, zoom: 10 })).toBe(false);
    expect(shouldGroupStations({ stationView: false, densityView: true, zoom: 10 })).toBe(false);
  });

  it('tells the info window the name, status label and speed, 0 when stale', () => {
    const moving = makeThing({
      nickname: null,
      haas_id: 'spd-car-101',
      status: 'active',
      speed: 10,
      enroute: true,
      heartbeat_datetime: fresh,
    });
    expect(thingInfo(moving, { now: NOW, respondersType: 'all', countryCode: 'US' })).toEqual({
      name: 'SPD-CAR-101',
      status: 'Responding',
      speed: '22 mph',
    });
    expect(
      thingInfo(
        { ...moving, heartbeat_datetime: old },
        { now: NOW, respondersType: 'none', countryCode: 'DE' },
      ),
    ).toEqual({ name: 'SPD-CAR-101', status: 'Active', speed: '0 km/h' });
    expect(
      thingInfo({ ...moving, in_service: false }, { now: NOW, respondersType: 'all', countryCode: null })
        .status,
    ).toBe('Out-of-service');
  });
});
