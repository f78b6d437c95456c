/**
 * A synthetic fleet for the map benchmark: N assets of every type and status spread over the view,
 * and one second's live update (every asset moves, about 1 in 100 changes status), as new records
 * the way the live feed makes them.
 */
import type { Thing } from '@flare/core/schemas/thing';
import type { ServerStatus } from '@flare/core/status/thing-status';
import { makeThing } from '@flare/core/testing/things';

const TYPES = ['police', 'fire', 'ems', 'arrow_board', 'maintenance', 'tow', 'waste', 'wwd', 'general'];
/** Roughly a busy fleet: a tenth on scene, a third responding, the rest standing by or quiet. */
const STATUSES: ServerStatus[] = [
  'active_location',
  'active',
  'active',
  'active',
  'standby',
  'standby',
  'stationary',
  'stationary',
  'pending',
  'offline',
];

/** A small deterministic generator, so every run draws the same fleet. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function makeFleet(count: number, box: Box, rand: () => number): Thing[] {
  const now = new Date().toISOString();
  return Array.from({ length: count }, (_, i) => {
    const type = TYPES[i % TYPES.length]!;
    const status = STATUSES[Math.floor(rand() * STATUSES.length)]!;
    const moving = status === 'active';
    return makeThing({
      id: `bench-${i}`,
      external_id: `BENCH-${i}`,
      haas_id: `bench-${i}`,
      nickname: i % 4 === 0 ? null : `Unit ${i}`,
      lat: box.south + rand() * (box.north - box.south),
      lng: box.west + rand() * (box.east - box.west),
      speed: moving ? 5 + rand() * 20 : 0,
      course: rand() * 360,
      enroute: moving,
      heartbeat_datetime: now,
      thing_type: { id: `type-${type}`, name: type, display_name: type, emergency: false },
      in_service: i % 20 !== 0,
      organization: { id: 'bench-org', name: 'Bench', organization_type: 'police' },
      status,
      status_changed_at: now,
      updated_at: now,
    });
  });
}

/** One second of the feed: every asset moves a little; about one in a hundred changes status. */
export function moveFleet(things: Iterable<Thing>, box: Box, rand: () => number): Thing[] {
  const now = new Date().toISOString();
  const moved: Thing[] = [];
  const step = (box.east - box.west) / 400;
  for (const thing of things) {
    const course = (thing.course ?? 0) + (rand() - 0.5) * 40;
    const radians = (course * Math.PI) / 180;
    const status = rand() < 0.01 ? STATUSES[Math.floor(rand() * STATUSES.length)]! : thing.status;
    moved.push({
      ...thing,
      lat: clamp(thing.lat! + Math.cos(radians) * step, box.south, box.north),
      lng: clamp(thing.lng! + Math.sin(radians) * step, box.west, box.east),
      course: (course + 360) % 360,
      status,
      enroute: status === 'active',
      heartbeat_datetime: now,
    });
  }
  return moved;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
