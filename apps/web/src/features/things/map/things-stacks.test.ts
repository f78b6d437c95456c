import { describe, expect, it } from 'vitest';
import { worldSize as world } from '../../../map/mercator';
import { findStacks, mercatorPositions, NO_STACKS, stackMembers, uncovered } from './things-stacks';

/** Positions given in pixels of the world at `zoom`, as Mercator units. */
function atPixels(points: Array<[number, number]>, zoom: number): Float64Array {
  return Float64Array.from(points.flatMap(([x, y]) => [x / world(zoom), y / world(zoom)]));
}

describe('overlapping markers (stacks)', () => {
  it('stacks markers less than the reach apart under the topmost one, and leaves the rest alone', () => {
    // Draw order: index 3 is drawn on top.
    const mercator = atPixels(
      [
        [1000, 1000],
        [1003, 998],
        [2000, 2000],
        [1001, 1001],
      ],
      12,
    );
    const stacks = findStacks(mercator, 4, 8, world(12));
    expect([...stacks.top]).toEqual([3, 3, 2, 3]);
    expect(stacks.tops).toEqual([3]);
    expect(stacks.sizes).toEqual([3]);
    expect(stackMembers(stacks, 0)).toEqual([3, 1, 0]);
    expect(stackMembers(stacks, 2)).toEqual([2]);
    // Drawn: the lone one and the stack's top, in draw order; the two under the top are not.
    expect([...uncovered(stacks)]).toEqual([2, 3]);
  });

  it('compares in both directions: diagonal within the reach stacks, one reach sideways is beside', () => {
    const mercator = atPixels(
      [
        [100, 100],
        [107.9, 107.9],
        [92, 100],
      ],
      10,
    );
    const stacks = findStacks(mercator, 3, 8, world(10));
    expect(stacks.tops).toEqual([1]);
    expect(stackMembers(stacks, 0)).toEqual([1, 0]);
    expect(stackMembers(stacks, 2)).toEqual([2]);
  });

  it('follows the zoom: apart when zoomed in, one stack when zoomed out', () => {
    // Two assets about 40 m apart in Springfield.
    const positions = Float64Array.from([-89.65, 39.78, 0, -89.6505, 39.78, 0]);
    const mercator = mercatorPositions(positions, 2);
    expect(findStacks(mercator, 2, 15, world(17)).tops).toEqual([]);
    expect(findStacks(mercator, 2, 8, world(10)).tops).toEqual([1]);
  });

  it('places assets in Mercator units as the map does', () => {
    const [x, y] = mercatorPositions(Float64Array.from([0, 0, 0]), 1);
    expect(x).toBeCloseTo(0.5, 12);
    expect(y).toBeCloseTo(0.5, 12);
    const [east, north] = mercatorPositions(Float64Array.from([90, 85.051129, 0]), 1);
    expect(east).toBeCloseTo(0.75, 12);
    expect(north).toBeCloseTo(0, 6);
  });

  it('handles nothing drawn and many assets on one spot', () => {
    expect(findStacks(new Float64Array(0), 0, 8, world(10))).toEqual({
      ...NO_STACKS,
      top: new Int32Array(0),
    });
    const count = 5_000;
    const same = mercatorPositions(
      Float64Array.from({ length: count * 3 }, (_, i) => [-89.6, 39.7, 0][i % 3]!),
      count,
    );
    const stacks = findStacks(same, count, 8, world(14));
    expect(stacks.tops).toEqual([count - 1]);
    expect(stacks.sizes).toEqual([count]);
  });

  it('groups 50,000 spread assets, each within reach of its stack top', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const count = 50_000;
    const positions = new Float64Array(count * 3);
    for (let i = 0; i < count; i++) positions.set([-90 + random(), 39 + random(), 0], i * 3);
    const mercator = mercatorPositions(positions, count);
    // Its speed is measured by the map benchmark (docs/benchmarks.md), not here.
    const stacks = findStacks(mercator, count, 8, world(10.5));
    // Every asset is in exactly one stack, and a stack's members are all within reach of its top.
    const reach = 8 / world(10.5);
    const apart = [...stacks.top].filter(
      (top, i) =>
        Math.abs(mercator[i * 2]! - mercator[top * 2]!) >= reach ||
        Math.abs(mercator[i * 2 + 1]! - mercator[top * 2 + 1]!) >= reach,
    );
    expect(apart).toEqual([]);
    expect(stacks.sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(count);
  });
});
