/**
 * The map's asset icons, drawn once on a canvas at run time: a disc in the status colour with a
 * white glyph per asset type, the direction arrow, the highlight halo and the count badges of
 * overlapping assets. Nothing is fetched (no sprite, no glyphs), so the map draws offline.
 */
import { THING_STATUS_COLORS } from '../../../config/thing-status-colors';
import { ICON_KEYS, ICON_TYPES, MARKER_TONES, type IconType, type MarkerTone } from './things-layer-data';

/** Cell size in atlas pixels: twice the largest marker (30 px), so high-DPI screens stay sharp. */
const CELL = 64;
export const CELL_PIXELS = CELL;
const COLUMNS = 8;
export const ARROW_ICON = 'arrow';
export const HALO_ICON = 'halo';

/** Badges count 2 to 99; larger stacks show "99+". */
export const BADGE_MAX = 99;
const BADGE_KEYS = Array.from({ length: BADGE_MAX }, (_, i) => `badge-${i + 2}`);

/** Every cell: the markers in ICON_KEYS order (so a marker's cell is its icon index), then the rest. */
const ALL_KEYS = [...ICON_KEYS, ARROW_ICON, HALO_ICON, ...BADGE_KEYS];
export const ARROW_CELL = ICON_KEYS.length;
export const HALO_CELL = ICON_KEYS.length + 1;
const FIRST_BADGE_CELL = ICON_KEYS.length + 2;
/** The badge's colour: apart from every status colour, white text on it well over 4.5:1. */
export const BADGE_COLOR = '#5f3dc4';
export const ATLAS_GRID = { columns: COLUMNS, rows: Math.ceil(ALL_KEYS.length / COLUMNS) } as const;

/** The atlas cell of a marker icon (an index into ICON_KEYS). */
export function atlasCell(icon: number): number {
  return icon;
}

/** The atlas cell of the count badge of a stack of `count` (2 or more) assets. */
export function badgeCell(count: number): number {
  return FIRST_BADGE_CELL + Math.min(count, BADGE_MAX + 1) - 2;
}

/** What a badge reads. */
export function badgeLabel(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

export interface IconFrame {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Mask icons take their colour from the layer; the others keep their own. */
  mask: boolean;
}

/** Where each icon sits in the atlas (deck.gl's icon mapping format). */
export const ICON_MAPPING: Record<string, IconFrame> = Object.fromEntries(
  ALL_KEYS.map((key, index) => [
    key,
    {
      x: (index % COLUMNS) * CELL,
      y: Math.floor(index / COLUMNS) * CELL,
      width: CELL,
      height: CELL,
      mask: key === ARROW_ICON,
    },
  ]),
);

export const TONE_COLORS: Record<MarkerTone, string> = {
  location: THING_STATUS_COLORS.location,
  active: THING_STATUS_COLORS.active,
  standby: THING_STATUS_COLORS.standby,
  pending: THING_STATUS_COLORS.pending,
  offline: THING_STATUS_COLORS.offline,
  outOfService: THING_STATUS_COLORS.outOfService,
};

/** Glyphs on a 24-unit grid (SVG path syntax), white on the disc. */
const GLYPHS: Record<IconType, string> = {
  // A star badge.
  police: 'M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7-6.2-3.7-6.2 3.7 1.6-7L2 9.2l7.1-.6z',
  // A flame.
  fire: 'M12 2c1 3-1 4.5-1 6.5 0 1.4 1 2.5 2.2 2.5 1.5 0 2.3-1.2 2.3-2.8 1.9 1.8 3 4.3 3 6.8a6.5 6.5 0 0 1-13 0c0-4.5 3.6-7 6.5-13z',
  // A medical cross.
  ems: 'M9 3h6v6h6v6h-6v6H9v-6H3V9h6z',
  // A right arrow.
  arrow_board: 'M2 9h12V4l8 8-8 8v-5H2z',
  // A traffic cone.
  maintenance: 'M10 3h4l4.5 14h-13zM3 18h18v3H3z',
  // A tow hook.
  tow: 'M7 2h4v10a1.5 1.5 0 0 0 3 0V9h4v3a5.5 5.5 0 0 1-11 0z',
  // A bin.
  waste: 'M4 5h16v3H4zM9 2h6v2H9zM5.5 9h13l-1.2 13H6.7z',
  // No entry.
  wwd: 'M3 9.5h18v5H3z',
  // A dot.
  general: 'M12 6a6 6 0 1 1 0 12 6 6 0 0 1 0-12z',
};

/** A chevron filling its cell, pointing up (north); the layer turns it and moves it off the disc. */
const ARROW_PATH = 'M32 6L58 56 32 42 6 56z';

function drawMarker(context: CanvasRenderingContext2D, type: IconType, tone: MarkerTone): void {
  const radius = CELL / 2 - 3;
  context.beginPath();
  context.arc(CELL / 2, CELL / 2, radius, 0, Math.PI * 2);
  context.fillStyle = TONE_COLORS[tone];
  context.fill();
  context.lineWidth = 4;
  context.strokeStyle = '#ffffff';
  // Out of service: a broken ring, readable without the colour.
  context.setLineDash(tone === 'outOfService' ? [8, 6] : []);
  context.stroke();
  context.setLineDash([]);
  context.save();
  const scale = 1.4;
  context.translate(CELL / 2 - 12 * scale, CELL / 2 - 12 * scale);
  context.scale(scale, scale);
  context.fillStyle = '#ffffff';
  context.fill(new Path2D(GLYPHS[type]));
  context.restore();
}

function drawHalo(context: CanvasRenderingContext2D): void {
  context.beginPath();
  context.arc(CELL / 2, CELL / 2, CELL / 2 - 4, 0, Math.PI * 2);
  context.fillStyle = 'rgba(255, 255, 255, 0.7)';
  context.fill();
  context.lineWidth = 5;
  context.strokeStyle = '#1971c2';
  context.stroke();
}

function drawBadge(context: CanvasRenderingContext2D, label: string): void {
  context.beginPath();
  context.arc(CELL / 2, CELL / 2, CELL / 2 - 3, 0, Math.PI * 2);
  context.fillStyle = BADGE_COLOR;
  context.fill();
  context.lineWidth = 5;
  context.strokeStyle = '#ffffff';
  context.stroke();
  context.fillStyle = '#ffffff';
  context.font = `700 ${label.length > 2 ? 22 : 32}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(label, CELL / 2, CELL / 2 + 2);
}

let atlas: HTMLCanvasElement | null = null;

/** The atlas canvas, drawn on first use. */
export function iconAtlas(): HTMLCanvasElement {
  if (atlas) return atlas;
  const canvas = document.createElement('canvas');
  canvas.width = COLUMNS * CELL;
  canvas.height = Math.ceil(ALL_KEYS.length / COLUMNS) * CELL;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas for the map icons');
  for (const type of ICON_TYPES) {
    for (const tone of MARKER_TONES) {
      const frame = ICON_MAPPING[`${type}-${tone}`]!;
      context.save();
      context.translate(frame.x, frame.y);
      drawMarker(context, type, tone);
      context.restore();
    }
  }
  const arrow = ICON_MAPPING[ARROW_ICON]!;
  context.save();
  context.translate(arrow.x, arrow.y);
  context.fillStyle = '#ffffff';
  context.fill(new Path2D(ARROW_PATH));
  context.restore();
  const halo = ICON_MAPPING[HALO_ICON]!;
  context.save();
  context.translate(halo.x, halo.y);
  drawHalo(context);
  context.restore();
  for (let count = 2; count <= BADGE_MAX + 1; count++) {
    const cell = badgeCell(count);
    context.save();
    context.translate((cell % COLUMNS) * CELL, Math.floor(cell / COLUMNS) * CELL);
    drawBadge(context, badgeLabel(count));
    context.restore();
  }
  atlas = canvas;
  return canvas;
}
