/**
 * Commands to the map from anywhere (a list row centres the map, show-all fits the shown assets),
 * without holding the map instance. `MapView` listens while it is mounted.
 */
import { MAP_FIT_PADDING, MAP_ZOOM } from '@flare/core/constants';

export type LngLat = [lng: number, lat: number];

/** Springfield, Illinois, where the demo fleet drives: where a map opens with nothing to show. */
export const DEFAULT_MAP_CENTRE: LngLat = [-89.6501, 39.7817];

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

type FitOptions = { animate?: false };

function fit(positions: LngLat[], padding: number, options: FitOptions): void {
  if (positions.length > 0)
    send({ kind: 'fit', positions, padding, maxZoom: MAP_ZOOM.afterFitMax, ...options });
}

/**
 * Show-all (the shown assets, a stack of them, the hazards): fits every given position with 50 px
 * padding and at most zoom 17, easing there, or jumping with `{ animate: false }`.
 */
export function showAllOnMap(positions: LngLat[], options: FitOptions = {}): void {
  fit(positions, MAP_FIT_PADDING.showAll, options);
}

/** Fits one item (a closure's route, a zone, a trip's runs, an alert's two assets): 75 px padding, at most zoom 17. */
export function fitMap(positions: LngLat[], options: FitOptions = {}): void {
  fit(positions, MAP_FIT_PADDING.item, options);
}

/** Uncovers the map where the drawer covers it (phones), before centring it on what was asked for. */
export function revealMap(): void {
  send({ kind: 'reveal' });
}
