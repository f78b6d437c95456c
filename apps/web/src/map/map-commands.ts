/**
 * Commands to the map from anywhere (a list row centres the map, show-all fits the shown assets),
 * without holding the map instance. `MapView` listens while it is mounted.
 */
import { MAP_FIT_PADDING, MAP_ZOOM } from '@flare/core/constants';

export type LngLat = [lng: number, lat: number];

export type MapCommand =
  | { kind: 'centre'; position: LngLat; zoom?: number }
  /** `animate: false` jumps there (the first view); otherwise the map eases. */
  | { kind: 'fit'; positions: LngLat[]; padding: number; maxZoom: number; animate?: false }
  /** Uncover the map: on phones the full-screen drawer covers it (the shell listens). */
  | { kind: 'reveal' };

type Listener = (command: MapCommand) => void;
const listeners = new Set<Listener>();

export function onMapCommand(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function send(command: MapCommand): void {
  listeners.forEach((listener) => listener(command));
}

/** Centres the map on a position, zooming in to at least `zoom` when given. */
export function centreMap(position: LngLat, zoom?: number): void {
  send(zoom === undefined ? { kind: 'centre', position } : { kind: 'centre', position, zoom });
}

/**
 * Show-all: fits every given position with 50 px padding and at most zoom 17, easing there, or
 * jumping with `{ animate: false }`.
 */
export function fitMap(positions: LngLat[], options: { animate?: false } = {}): void {
  if (positions.length > 0) {
    send({ kind: 'fit', positions, padding: MAP_FIT_PADDING, maxZoom: MAP_ZOOM.afterFitMax, ...options });
  }
}

/** Uncovers the map where the drawer covers it (phones), before centring it on what was asked for. */
export function revealMap(): void {
  send({ kind: 'reveal' });
}
