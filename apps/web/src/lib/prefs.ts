/** Preferences stored in this browser ("Don't show again", map views, the status-change sound). */
import { useCallback, useSyncExternalStore } from 'react';
import type { MapType } from '../map/base-styles/map-types';

export interface Prefs {
  supportDialogDismissed: boolean;
  stationView: boolean;
  densityView: boolean;
  /** The assets list's status filter includes offline assets by default. */
  showOffline: boolean;
  offlineNoticeDismissed: boolean;
  /** Edit Location's instruction dialog: "Don't show again". */
  locationInstructionsDismissed: boolean;
  /** The area form's instruction dialog: "Don't show again". */
  areaInstructionsDismissed: boolean;
  /** The zone form's instruction dialog: "Don't show again". */
  zoneInstructionsDismissed: boolean;
  /** The closure form's instruction dialog: "Don't show again". */
  closureInstructionsDismissed: boolean;
  /** Not a stored preference in the spec: kept so the map opens as the user left it. */
  mapType: MapType;
  /**
   * Situational awareness mode: no inactivity sign-out in this browser (wall displays), where the
   * user's organisation allows it.
   */
  awarenessMode: boolean;
  /** A short beep with each status-change notice (Responding, On-Scene, Offline, Out-of-Service). */
  statusSound: boolean;
  /** The live map shows the organisation's open hazards (outside the Hazards section, which shows its report). */
  hazardsOnMap: boolean;
  /** The driver view speaks each new alert (the browser's speech synthesis). */
  spokenWarnings: boolean;
}

/** The "Don't show again" choices of the map-editing instructions. */
export type InstructionsPref =
  | 'locationInstructionsDismissed'
  | 'areaInstructionsDismissed'
  | 'zoneInstructionsDismissed'
  | 'closureInstructionsDismissed';

const KEY = 'flare.prefs';
const DEFAULTS: Prefs = {
  supportDialogDismissed: false,
  stationView: true,
  densityView: false,
  showOffline: true,
  offlineNoticeDismissed: false,
  locationInstructionsDismissed: false,
  areaInstructionsDismissed: false,
  zoneInstructionsDismissed: false,
  closureInstructionsDismissed: false,
  mapType: 'roadmap',
  awarenessMode: false,
  statusSound: false,
  hazardsOnMap: true,
  spokenWarnings: false,
};
const listeners = new Set<() => void>();
let cache: Prefs | null = null;

function read(): Prefs {
  if (cache) return cache;
  try {
    cache = { ...DEFAULTS, ...(JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Prefs>) };
  } catch {
    cache = { ...DEFAULTS };
  }
  return cache;
}

export function setPref<K extends keyof Prefs>(key: K, value: Prefs[K]): void {
  cache = { ...read(), [key]: value };
  localStorage.setItem(KEY, JSON.stringify(cache));
  listeners.forEach((listener) => listener());
}

/** Puts the given preferences back to their defaults. */
export function resetPrefs(keys: ReadonlyArray<keyof Prefs>): void {
  cache = { ...read(), ...Object.fromEntries(keys.map((key) => [key, DEFAULTS[key]])) };
  localStorage.setItem(KEY, JSON.stringify(cache));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePref<K extends keyof Prefs>(key: K): [Prefs[K], (value: Prefs[K]) => void] {
  const value = useSyncExternalStore(subscribe, () => read()[key]);
  const set = useCallback((next: Prefs[K]) => setPref(key, next), [key]);
  return [value, set];
}

/** Forgets the cached copy (tests clear localStorage between cases). */
export function resetPrefsCache(): void {
  cache = null;
}
