/**
 * Whether the dashboard can reach the server: the browser's online state, and whether the last API
 * call failed to connect, and whether the live feed is connected. Drives the offline banner, and
 * remembers since when the connection is down: what the screen shows is the data as of then.
 */
import { useSyncExternalStore } from 'react';

let apiUnreachable = false;
let liveFeedDown = false;
const listeners = new Set<() => void>();

const isOnline = () => navigator.onLine && !apiUnreachable && !liveFeedDown;
/** When the connection went down (ms since the epoch), or null while it is up. */
let offlineSince: number | null = isOnline() ? null : Date.now();

/** Re-reads the connection, noting when it went down, and tells the screens. */
function update(): void {
  const online = isOnline();
  if (online) offlineSince = null;
  else offlineSince ??= Date.now();
  listeners.forEach((listener) => listener());
}

export function reportApiReachable(reachable: boolean): void {
  if (apiUnreachable === !reachable) return;
  apiUnreachable = !reachable;
  update();
}

/** The live feed lost its connection (the spec's isWsClosed); polling organisations never report it. */
export function reportLiveFeedDown(down: boolean): void {
  if (liveFeedDown === down) return;
  liveFeedDown = down;
  update();
}

// Listened to for the page's life: the time the browser went offline counts even if no screen watched.
window.addEventListener('online', update);
window.addEventListener('offline', update);

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Since when the connection is down (ms since the epoch), or null while it is up. */
export const connectionDownSince = (): number | null => offlineSince;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnection, isOnline);
}

export function useOfflineSince(): number | null {
  return useSyncExternalStore(subscribeConnection, connectionDownSince);
}
