/**
 * The replay of one run: which run, the time shown (ms), playing or paused, and the speed (1x to 64x
 * real time). The Trips screen drives it; the trips layer draws the asset where the time puts it.
 */
import { useSyncExternalStore } from 'react';

export const REPLAY_SPEEDS = [1, 2, 4, 8, 16, 32, 64] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export interface ReplayState {
  /** `${thingId}:${runId}` of the run replayed. */
  runKey: string;
  at: number;
  playing: boolean;
  speed: ReplaySpeed;
}

let state: ReplayState | null = null;
const listeners = new Set<() => void>();

function set(next: ReplayState | null): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export const replay = {
  get: () => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  open: (runKey: string, at: number) => set({ runKey, at, playing: false, speed: state?.speed ?? 1 }),
  close: () => set(null),
  update: (change: Partial<Omit<ReplayState, 'runKey'>>) => {
    if (state) set({ ...state, ...change });
  },
};

export function useReplay(): ReplayState | null {
  return useSyncExternalStore(replay.subscribe, replay.get);
}
