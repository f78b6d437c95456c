/**
 * The time, refreshed every second by one shared timer, for whatever changes with time alone: running
 * durations tick with it, and assets turn stale 30 s after their last heartbeat without waiting for a
 * message (the client's stale timer).
 */
import { useSyncExternalStore } from 'react';

const TICK_MS = 1000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) now = Date.now();
  timer ??= setInterval(() => {
    now = Date.now();
    listeners.forEach((l) => l());
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
