/**
 * Whether the dashboard can reach the server: the browser's online state, and whether the last API
 * call failed to connect, and whether the live feed is connected. Drives the offline banner.
 */
import { useSyncExternalStore } from 'react';

let apiUnreachable = false;
let liveFeedDown = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function reportApiReachable(reachable: boolean): void {
  if (apiUnreachable === !reachable) return;
  apiUnreachable = !reachable;
  notify();
}

/** The live feed lost its connection (the spec's isWsClosed); polling organisations never report it. */
export function reportLiveFeedDown(down: boolean): void {
  if (liveFeedDown === down) return;
  liveFeedDown = down;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine && !apiUnreachable && !liveFeedDown;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
