/**
 * Which drawn assets hide each other on screen. Three responders at one scene draw as one marker;
 * the map marks such a stack with a count badge and a click on it offers the list of its assets.
 * Assets stack when their markers' centres are less than half a marker apart (in both directions)
 * at the map's zoom, so at least half of the lower marker is covered. Pure, so it is tested on its
 * own; one pass over a grid of cells, cheap enough to run on every live update of 50,000 assets.
 */
import { mercatorOf } from '../../../map/mercator';

/** Centres closer than this share of a marker (in x and in y) stack. */
export const STACK_REACH = 0.5;

export interface Stacks {
  /** Per draw index: the draw index of the asset on top of its stack (itself when alone). */
  top: Int32Array;
  /** Draw indices of the tops of stacks of two or more, topmost first. */
  tops: number[];
  /** How many assets each stack in `tops` holds. */
  sizes: number[];
}

export const NO_STACKS: Stacks = { top: new Int32Array(0), tops: [], sizes: [] };

/** Mercator x, y (map/mercator.ts) of lng, lat, 0 triples. */
export function mercatorPositions(positions: Float64Array, count: number): Float64Array {
  const out = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) {
    const [x, y] = mercatorOf(positions[i * 3]!, positions[i * 3 + 1]!);
    out[i * 2] = x;
    out[i * 2 + 1] = y;
  }
  return out;
}

/**
 * Groups the assets (Mercator x, y per draw index, the last drawn on top) into stacks at a zoom:
 * the topmost asset not yet in a stack starts one and takes every free asset within `reach` of it,
 * so a stack's top is the marker the user sees. `reach` is in pixels, `worldSize` the world's
 * width in pixels at the zoom.
 */
export function findStacks(mercator: Float64Array, count: number, reach: number, worldSize: number): Stacks {
  const top = new Int32Array(count).fill(-1);
  const tops: number[] = [];
  const sizes: number[] = [];
  if (reach <= 0) {
    top.forEach((_, i) => (top[i] = i));
    return { top, tops, sizes };
  }
  const cell = reach / worldSize;
  // Every asset within reach of one lies in its grid cell (`reach` wide) or the eight around it.
  const grid = new CellGrid(count);
  const cellX = new Int32Array(count);
  const cellY = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    cellX[i] = Math.floor(mercator[i * 2]! / cell);
    cellY[i] = Math.floor(mercator[i * 2 + 1]! / cell);
    grid.add(cellX[i]!, cellY[i]!, i);
  }
  for (let i = count - 1; i >= 0; i--) {
    if (top[i] !== -1) continue;
    top[i] = i;
    let size = 1;
    const x = mercator[i * 2]!;
    const y = mercator[i * 2 + 1]!;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let j = grid.first(cellX[i]! + dx, cellY[i]! + dy); j >= 0; j = grid.next[j]!) {
          if (top[j] !== -1) continue;
          if (Math.abs(mercator[j * 2]! - x) < cell && Math.abs(mercator[j * 2 + 1]! - y) < cell) {
            top[j] = i;
            size += 1;
          }
        }
      }
    }
    if (size > 1) {
      tops.push(i);
      sizes.push(size);
    }
  }
  return { top, tops, sizes };
}

/**
 * The assets of each occupied grid cell as a linked list, the cells in an open-addressing hash
 * table of typed arrays: a JavaScript Map keyed by cell was most of the cost at 50,000 assets.
 */
class CellGrid {
  /** Per asset, the next asset of its cell, or -1. */
  readonly next: Int32Array;
  private readonly xs: Int32Array;
  private readonly ys: Int32Array;
  private readonly heads: Int32Array;
  private readonly mask: number;

  constructor(count: number) {
    // At most `count` cells are occupied: a table twice that size keeps the probes short.
    const capacity = 2 ** Math.ceil(Math.log2(Math.max(2, count * 2)));
    this.mask = capacity - 1;
    this.xs = new Int32Array(capacity);
    this.ys = new Int32Array(capacity);
    this.heads = new Int32Array(capacity).fill(-1);
    this.next = new Int32Array(count);
  }

  add(x: number, y: number, index: number): void {
    const slot = this.slot(x, y);
    if (this.heads[slot] === -1) {
      this.xs[slot] = x;
      this.ys[slot] = y;
    }
    this.next[index] = this.heads[slot]!;
    this.heads[slot] = index;
  }

  /** The first asset of the cell, or -1 when the cell is empty. */
  first(x: number, y: number): number {
    return this.heads[this.slot(x, y)]!;
  }

  /** The cell's slot, or the empty slot where it would go. */
  private slot(x: number, y: number): number {
    let slot = (Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca77)) & this.mask;
    while (this.heads[slot] !== -1 && (this.xs[slot] !== x || this.ys[slot] !== y)) {
      slot = (slot + 1) & this.mask;
    }
    return slot;
  }
}

/**
 * The draw indices the map draws, lowest first: lone assets and the tops of stacks. The assets
 * under a stack's top are not drawn (its count badge and list stand for them): at 50,000 assets in
 * one view that is about one sprite in seven, and drawing sprites is the layer's cost.
 */
export function uncovered(stacks: Stacks): Uint32Array {
  const { top } = stacks;
  let count = 0;
  for (let i = 0; i < top.length; i++) if (top[i] === i) count += 1;
  const drawn = new Uint32Array(count);
  let slot = 0;
  for (let i = 0; i < top.length; i++) if (top[i] === i) drawn[slot++] = i;
  return drawn;
}

/** The draw indices of the stack holding `index`, topmost first. */
export function stackMembers(stacks: Stacks, index: number): number[] {
  const top = stacks.top[index];
  if (top === undefined) return [];
  const members: number[] = [];
  for (let i = stacks.top.length - 1; i >= 0; i--) if (stacks.top[i] === top) members.push(i);
  return members;
}
