import { afterEach, describe, expect, it } from 'vitest';
import distance from '@turf/distance';
import { DEMO_DRIVE, forgetKey, parseDriveLink, rememberedKey } from './drive-link';
import { simulatedPosition } from './simulated-drive';

afterEach(() => localStorage.clear());

describe('the driver view link', () => {
  it('reads the key from the fragment, and a demo drive from the query', () => {
    expect(parseDriveLink({ search: '', hash: '#key=flk_abc' })).toEqual({
      apiKey: 'flk_abc',
      simulation: null,
    });
    expect(parseDriveLink({ search: '?demo&from=39.7,-89.6&heading=180&speed=80', hash: '' })).toEqual({
      apiKey: null,
      simulation: { from: [-89.6, 39.7], heading: 180, speedKmh: 80 },
    });
  });

  it('drives the demo drive where a part is missing or out of range', () => {
    expect(parseDriveLink({ search: '?demo', hash: '' }).simulation).toEqual(DEMO_DRIVE);
    expect(parseDriveLink({ search: '?demo&from=95,0&heading=400&speed=0', hash: '' }).simulation).toEqual(
      DEMO_DRIVE,
    );
    expect(parseDriveLink({ search: '?demo&from=1,2,3&speed=abc', hash: '' }).simulation).toEqual(DEMO_DRIVE);
  });

  it('remembers a key on the device until it is forgotten', () => {
    expect(rememberedKey(null)).toBeNull();
    expect(rememberedKey('flk_abc')).toBe('flk_abc');
    expect(rememberedKey(null)).toBe('flk_abc');
    forgetKey();
    expect(rememberedKey(null)).toBeNull();
  });
});

describe('a simulated drive', () => {
  it('goes straight on at its speed', () => {
    const drive = { from: [-89.65, 39.78] as [number, number], heading: 90, speedKmh: 72 };
    const after = simulatedPosition(drive, 10_000);
    expect(distance(drive.from, [after.lng, after.lat], { units: 'meters' })).toBeCloseTo(200, 0);
    expect(after.lat).toBeCloseTo(39.78, 4);
    expect(after.lng).toBeGreaterThan(-89.65);
    expect(after.heading).toBe(90);
  });
});
