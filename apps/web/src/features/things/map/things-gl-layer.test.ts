import { describe, expect, it } from 'vitest';
import { cacheShift } from './things-gl-layer';

/** A column-major clip matrix of a flat map: scale, bearing (radians) and a translation. */
function view({ scale = 0.001, bearing = 0, tx = 0, ty = 0, w = 1200 } = {}): Float64Array {
  const m = new Float64Array(16);
  m[0] = scale * Math.cos(bearing) * w;
  m[1] = -scale * Math.sin(bearing) * w;
  m[4] = scale * Math.sin(bearing) * w;
  m[5] = -scale * Math.cos(bearing) * w;
  m[10] = -0.02;
  m[12] = tx * w;
  m[13] = ty * w;
  m[15] = w;
  return m;
}

const cacheOf = (matrix: Float64Array) => ({
  valid: true,
  matrix,
  viewWidth: 1280,
  viewHeight: 800,
  // A margin of 320 device pixels on every side.
  width: 1920,
  height: 1440,
});

describe('sprite cache', () => {
  it('is shifted by a sideways move within the margin', () => {
    const cache = cacheOf(view());
    expect(cacheShift(cache, view(), 1280, 800)).toEqual([0, 0]);
    const shift = cacheShift(cache, view({ tx: 0.25, ty: -0.5 }), 1280, 800)!;
    expect(shift[0]).toBeCloseTo(0.25, 12);
    expect(shift[1]).toBeCloseTo(-0.5, 12);
  });

  it('is drawn again past the margin, after a zoom or a turn, for another view size or when stale', () => {
    const cache = cacheOf(view());
    // 320 px of 1280 is 0.5 in clip units (clip space is 2 wide).
    expect(cacheShift(cache, view({ tx: 0.5 }), 1280, 800)).not.toBeNull();
    expect(cacheShift(cache, view({ tx: 0.51 }), 1280, 800)).toBeNull();
    expect(cacheShift(cache, view({ scale: 0.002 }), 1280, 800)).toBeNull();
    expect(cacheShift(cache, view({ bearing: 0.01 }), 1280, 800)).toBeNull();
    expect(cacheShift(cache, view(), 1024, 800)).toBeNull();
    expect(cacheShift({ ...cache, valid: false }, view(), 1280, 800)).toBeNull();
    expect(cacheShift(null, view(), 1280, 800)).toBeNull();
  });

  it('is not used on a pitched map, where a sideways move does not shift every point alike', () => {
    const pitched = view();
    pitched[7] = 0.3;
    expect(cacheShift(cacheOf(pitched), pitched, 1280, 800)).toBeNull();
  });

  it('holds at a bearing whose terms are rounding noise, not a turn', () => {
    const turned = view({ bearing: Math.PI / 2 });
    const cache = cacheOf(turned);
    const same = Float64Array.from(turned);
    same[0] = 1e-18;
    expect(cacheShift(cache, same, 1280, 800)).toEqual([0, 0]);
  });
});
