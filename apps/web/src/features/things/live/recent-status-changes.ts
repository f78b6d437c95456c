/**
 * The assets whose status or service changed in the last few seconds, for the list to highlight
 * their rows. Watches the live-things store only while some row asks; one timer drops the entries
 * as they expire.
 */
import { useSyncExternalStore } from 'react';
import { statusChanged } from '@flare/core/status/status-notices';
import { liveThings, type ThingChange } from './live-things-store';

/** How long a changed row stays highlighted. */
export const CHANGE_HIGHLIGHT_MS = 5_000;

/** Asset id → when its status changed (ms since the epoch). */
const changedAt = new Map<string, number>();
const listeners = new Set<() => void>();
let stopWatching: (() => void) | null = null;
let expiry: ReturnType<typeof setTimeout> | null = null;

const notify = () => listeners.forEach((listener) => listener());

function record(changes: readonly ThingChange[]): void {
  const now = Date.now();
  let any = false;
  for (const { before, after } of changes) {
    if (!statusChanged(before, after)) continue;
    // Re-inserted, so the map stays in order of change and the oldest entry is the first.
    changedAt.delete(after.id);
    changedAt.set(after.id, now);
    any = true;
  }
  if (!any) return;
  scheduleExpiry();
  notify();
}

function scheduleExpiry(): void {
  if (expiry) return;
  const oldest = changedAt.values().next();
  if (oldest.done) return;
  expiry = setTimeout(
    () => {
      expiry = null;
      const now = Date.now();
      for (const [id, at] of changedAt) {
        if (now - at < CHANGE_HIGHLIGHT_MS) break;
        changedAt.delete(id);
      }
      scheduleExpiry();
      notify();
    },
    Math.max(0, oldest.value + CHANGE_HIGHLIGHT_MS - Date.now()),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  stopWatching ??= liveThings.onChanges(record);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    stopWatching?.();
    stopWatching = null;
    if (expiry) clearTimeout(expiry);
    expiry = null;
    changedAt.clear();
  };
}

/** Whether the asset's status changed in the last few seconds. */
export function useStatusJustChanged(id: string): boolean {
  return useSyncExternalStore(subscribe, () => changedAt.has(id));
}
