/**
 * The time, refreshed every second by one shared timer, for whatever changes with time alone: running
 * durations tick with it, and assets turn stale 30 s after their last heartbeat without waiting for a
 * message (the client's stale timer).
 */
import { useSyncExternalStore } from 'react';
import { connectionDownSince, subscribeConnection } from './connection';

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

/**
 * The time for what live data counts (time since a report, run time, staleness): the shared clock
 * while the connection is up; while it is down, the moment it went down, so those stop rather than
 * keep counting on data that is no longer live. They resume on reconnection.
 */
export function useLiveNow(): number {
  return useSyncExternalStore(subscribeLive, liveNow);
}

/**
 * What `read` makes of the live time (useLiveNow), a string or a flag: the component renders again
 * only when that changes ("3 min ago" once a minute, staleness once), not on every tick.
 */
export function useLiveTime<T extends string | number | boolean | null>(read: (now: number) => T): T {
  return useSyncExternalStore(subscribeLive, () => read(liveNow()));
}

const liveNow = () => connectionDownSince() ?? now;

function subscribeLive(listener: () => void): () => void {
  const unsubscribeClock = subscribe(listener);
  const unsubscribeConnection = subscribeConnection(listener);
  return () => {
    unsubscribeClock();
    unsubscribeConnection();
  };
}
