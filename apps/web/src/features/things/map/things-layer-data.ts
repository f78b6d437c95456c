/**
 * How the live assets become what the map draws: icon by type and
 * status, stacking order, size by zoom, the compass arrow of moving assets, and the typed arrays
 * the map layer uploads. Pure: no DOM, no WebGL, so it is tested on its own and shared with the
 * map benchmark (which also feeds it to deck.gl for comparison).
 */
import { MARKER_SIZES, MARKER_Z, markerSizeIndex, STATION_GROUPING_MAX_ZOOM } from '@flare/core/constants';
import type { RespondersType } from '@flare/core/labels';
import type { Thing } from '@flare/core/schemas/thing';
import { fromServerStatus, isStale, statusLabel, type ThingStatus } from '@flare/core/status/thing-status';
import { compassIndex, displaySpeed, primaryDisplayName, speedUnit } from '@flare/core/things/thing-display';

/** Icon families, by `thing_type.name` as seeded; anything else draws as general. */
export const ICON_TYPES = [
  'police',
  'fire',
  'ems',
  'arrow_board',
  'maintenance',
  'tow',
  'waste',
  'wwd',
  'general',
] as const;
export type IconType = (typeof ICON_TYPES)[number];

const TYPE_ALIASES: Record<string, IconType> = { ambulance: 'ems' };

export function iconType(typeName: string): IconType {
  const name = typeName.toLowerCase();
  const alias = TYPE_ALIASES[name];
  if (alias) return alias;
  return (ICON_TYPES as readonly string[]).includes(name) ? (name as IconType) : 'general';
}

/** Marker colours: one per status (standby and stationary share one), out-of-service apart. */
export const MARKER_TONES = ['location', 'active', 'standby', 'pending', 'offline', 'outOfService'] as const;
export type MarkerTone = (typeof MARKER_TONES)[number];

export function markerTone(status: ThingStatus, inService: boolean): MarkerTone {
  if (!inService) return 'outOfService';
  return status === 'stationary' ? 'standby' : status;
}

/** Every icon of the atlas: index = type index * tones + tone index. */
export const ICON_KEYS: readonly string[] = ICON_TYPES.flatMap((type) =>
  MARKER_TONES.map((tone) => `${type}-${tone}`),
);

export function iconIndex(type: IconType, tone: MarkerTone): number {
  return ICON_TYPES.indexOf(type) * MARKER_TONES.length + MARKER_TONES.indexOf(tone);
}

/** Stacking within the base band: offline lowest, then pending, standby, active, location highest. */
const STACKING_RANK: Record<ThingStatus, number> = {
  offline: 0,
  pending: 1,
  standby: 2,
  stationary: 2,
  active: 3,
  location: 4,
};
export const STACKING_RANKS = 5;

/**
 * A marker's z: base 50, +50 when active (on scene or responding), +75 pinned, +100 hovered, with
 * the status order breaking ties inside each band. Higher draws on top.
 */
export function markerZ(status: ThingStatus, flags: { pinned?: boolean; hovered?: boolean } = {}): number {
  const rank = STACKING_RANK[status];
  return (
    MARKER_Z.base +
    rank +
    (status === 'active' || status === 'location' ? MARKER_Z.active : 0) +
    (flags.pinned ? MARKER_Z.pinned : 0) +
    (flags.hovered ? MARKER_Z.hovered : 0)
  );
}

/** Icon size in pixels: under zoom 11 16 px, 11–12 20 px, 13 and above 30 px. */
export function markerSize(zoom: number): number {
  return MARKER_SIZES.thing[markerSizeIndex(zoom)];
}

export function stationMarkerSize(zoom: number): number {
  return MARKER_SIZES.station[markerSizeIndex(zoom)];
}

/**
 * Station-linked assets are drawn as their station only with Group View and Density View on and
 * below zoom 14.
 */
export function shouldGroupStations(view: {
  stationView: boolean;
  densityView: boolean;
  zoom: number;
}): boolean {
  return view.stationView && view.densityView && view.zoom < STATION_GROUPING_MAX_ZOOM;
}

/** The arrow's rotation, clockwise from north, by the 8-point compass rule; null without a course. */
export function directionAngle(course: number | null): number | null {
  const index = compassIndex(course);
  return index === null ? null : index * 45;
}

/** Moving as the detail panel has it: en route or with speed; a stale asset is not moving. */
export function isMoving(thing: Pick<Thing, 'enroute' | 'speed'>, stale: boolean): boolean {
  return !stale && (thing.enroute || (thing.speed ?? 0) > 0);
}

/** Alpha of a stale asset's icon (0–255): dimmed, still readable. */
export const STALE_ALPHA = 115;

/** What the hover info window says about an asset. */
export interface ThingInfo {
  name: string;
  status: string;
  speed: string;
}

export function thingInfo(
  thing: Thing,
  context: { now: number; respondersType: RespondersType; countryCode: string | null },
): ThingInfo {
  const status = fromServerStatus(thing.status);
  const stale = isStale(heartbeatTime(thing), context.now);
  const unit = speedUnit(context.countryCode);
  const moving = thing.enroute || (thing.speed ?? 0) > 0;
  return {
    name: primaryDisplayName(thing),
    status: thing.in_service ? statusLabel(status, context.respondersType) : 'Out-of-service',
    speed: `${displaySpeed(thing.speed, { unit, stale, moving })} ${unit}`,
  };
}

function heartbeatTime(thing: Pick<Thing, 'heartbeat_datetime'>): number | null {
  if (!thing.heartbeat_datetime) return null;
  const time = Date.parse(thing.heartbeat_datetime);
  return Number.isNaN(time) ? null : time;
}

/** What an asset contributes to the buffers, derived once per asset record (records are immutable). */
interface Derived {
  status: ThingStatus;
  rank: number;
  icon: number;
  tone: MarkerTone;
  heartbeatAt: number | null;
  angle: number | null;
}

const derivedCache = new WeakMap<Thing, Derived>();

function derive(thing: Thing): Derived {
  let derived = derivedCache.get(thing);
  if (!derived) {
    const status = fromServerStatus(thing.status);
    const tone = markerTone(status, thing.in_service);
    derived = {
      status,
      rank: STACKING_RANK[status],
      icon: iconIndex(iconType(thing.thing_type.name), tone),
      tone,
      heartbeatAt: heartbeatTime(thing),
      angle: directionAngle(thing.course),
    };
    derivedCache.set(thing, derived);
  }
  return derived;
}

/** Direction arrows of the moving assets, drawn under their icons. */
export interface ArrowBuffers {
  count: number;
  /** Longitude, latitude, 0 per arrow. */
  positions: Float64Array;
  /** Degrees clockwise from north. */
  angles: Float32Array;
  /** RGBA per arrow: the status colour, dimmed never (stale assets have no arrow). */
  tones: Uint8Array;
  /** The draw index of each arrow's asset. */
  owners: Uint32Array;
}

/** The assets as the layers upload them, in draw order (lowest first). */
export interface ShapedThings {
  count: number;
  /** The asset at each draw position, for picking and the info window. */
  things: Thing[];
  /** Longitude, latitude, 0 per asset. */
  positions: Float64Array;
  /** RGBA per asset; icons are pre-coloured, so only the alpha (stale dimming) counts. */
  colors: Uint8Array;
  /** Index into ICON_KEYS per asset. */
  icons: Uint16Array;
  /** Changes only when some draw position shows another icon than before (or the count changed). */
  iconsVersion: number;
  arrows: ArrowBuffers;
}

export const EMPTY_SHAPED: ShapedThings = {
  count: 0,
  things: [],
  positions: new Float64Array(0),
  colors: new Uint8Array(0),
  icons: new Uint16Array(0),
  iconsVersion: 0,
  arrows: {
    count: 0,
    positions: new Float64Array(0),
    angles: new Float32Array(0),
    tones: new Uint8Array(0),
    owners: new Uint32Array(0),
  },
};

export interface ShapeOptions {
  now: number;
  /** Which assets to draw (the list's filters, station grouping); all with a position when absent. */
  include?: (thing: Thing) => boolean;
  /** RGB per tone, for the arrows. */
  toneColors: Record<MarkerTone, readonly [number, number, number]>;
}

/**
 * Lays the assets out in draw order: a counting sort by stacking rank, stable in the store's order,
 * so an update costs one pass and no comparisons. `previous` lets an unchanged icon column keep its
 * version, so a renderer that caches per-row icons (deck.gl) need not rebuild them when only
 * positions moved.
 */
export function shapeThings(
  things: Iterable<Thing>,
  options: ShapeOptions,
  previous: ShapedThings = EMPTY_SHAPED,
): ShapedThings {
  const kept: Thing[] = [];
  const rankCounts = new Uint32Array(STACKING_RANKS);
  for (const thing of things) {
    if (thing.lat === null || thing.lng === null) continue;
    if (options.include && !options.include(thing)) continue;
    kept.push(thing);
    rankCounts[derive(thing).rank]! += 1;
  }
  const count = kept.length;
  const starts = new Uint32Array(STACKING_RANKS);
  for (let rank = 1; rank < STACKING_RANKS; rank++) starts[rank] = starts[rank - 1]! + rankCounts[rank - 1]!;

  const ordered = new Array<Thing>(count);
  const positions = new Float64Array(count * 3);
  const colors = new Uint8Array(count * 4);
  const icons = new Uint16Array(count);
  let moving = 0;
  const hasArrow = new Uint8Array(count);

  for (const thing of kept) {
    const derived = derive(thing);
    const at = starts[derived.rank]!++;
    ordered[at] = thing;
    positions[at * 3] = thing.lng!;
    positions[at * 3 + 1] = thing.lat!;
    const stale = isStale(derived.heartbeatAt, options.now);
    colors.fill(255, at * 4, at * 4 + 3);
    colors[at * 4 + 3] = stale ? STALE_ALPHA : 255;
    icons[at] = derived.icon;
    if (derived.angle !== null && isMoving(thing, stale)) {
      hasArrow[at] = 1;
      moving += 1;
    }
  }

  const arrows: ArrowBuffers = {
    count: moving,
    positions: new Float64Array(moving * 3),
    angles: new Float32Array(moving),
    tones: new Uint8Array(moving * 4),
    owners: new Uint32Array(moving),
  };
  let slot = 0;
  for (let at = 0; at < count; at++) {
    if (!hasArrow[at]) continue;
    const derived = derive(ordered[at]!);
    arrows.positions[slot * 3] = positions[at * 3]!;
    arrows.positions[slot * 3 + 1] = positions[at * 3 + 1]!;
    arrows.angles[slot] = derived.angle!;
    const [r, g, b] = options.toneColors[derived.tone];
    arrows.tones.set([r, g, b, 255], slot * 4);
    arrows.owners[slot] = at;
    slot += 1;
  }

  const sameIcons = previous.count === count && previous.icons.every((icon, i) => icon === icons[i]);
  return {
    count,
    things: ordered,
    positions,
    colors,
    icons,
    iconsVersion: sameIcons ? previous.iconsVersion : previous.iconsVersion + 1,
    arrows,
  };
}

/** The atlas icon of one asset (index into ICON_KEYS). */
export function thingIconIndex(thing: Thing): number {
  return derive(thing).icon;
}

/** "#rrggbb" to [r, g, b]. */
export function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}
