/**
 * The map's last view (centre and zoom), remembered per user in this browser, so the map can offer
 * it back the next time it opens (it opens fitted to the shown assets, not forced back there).
 */
import type { LngLat } from './map-commands';
import { mercatorOf, worldSize } from './mercator';

export interface MapViewState {
  center: LngLat;
  zoom: number;
}

const KEY_PREFIX = 'flare.mapView.';

function key(userId: string): string {
  return `${KEY_PREFIX}${userId}`;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The user's stored view, or null when there is none or it is not a usable view. */
export function readLastView(userId: string): MapViewState | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key(userId)) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return null;
    const { center, zoom } = stored as { center?: unknown; zoom?: unknown };
    if (!Array.isArray(center) || center.length !== 2 || !finite(zoom)) return null;
    const [lng, lat] = center as unknown[];
    if (!finite(lng) || !finite(lat) || Math.abs(lat) > 90 || zoom < 0 || zoom > 24) return null;
    return { center: [lng, lat], zoom };
  } catch {
    return null;
  }
}

export function saveLastView(userId: string, view: MapViewState): void {
  try {
    localStorage.setItem(key(userId), JSON.stringify(view));
  } catch {
    // Storage full or refused (private mode): the view is simply not remembered.
  }
}

/** Views closer than this many pixels (at the larger zoom) and this zoom difference are the same. */
const SAME_PIXELS = 20;
const SAME_ZOOM = 0.05;

/** Whether two views show the same place, as far as a user could tell. */
export function isSameView(a: MapViewState, b: MapViewState): boolean {
  if (Math.abs(a.zoom - b.zoom) > SAME_ZOOM) return false;
  const world = worldSize(Math.max(a.zoom, b.zoom));
  const [ax, ay] = mercatorOf(...a.center);
  const [bx, by] = mercatorOf(...b.center);
  return Math.hypot((ax - bx) * world, (ay - by) * world) <= SAME_PIXELS;
}
