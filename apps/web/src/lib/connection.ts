/**
 * Whether the dashboard can reach the server: the browser's online state, and whether the last API
 * call failed to connect. Drives the offline banner.
 */
import { useSyncExternalStore } from 'react';

let apiUnreachable = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function reportApiReachable(reachable: boolean): void {
  if (apiUnreachable === !reachable) return;
  apiUnreachable = !reachable;
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

const isOnline = () => navigator.onLine && !apiUnreachable;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
