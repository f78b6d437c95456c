/**
 * The organisation's assets as the live map and list see them: a store keyed by id, filled from
 * REST pages and changed by live-feed batches. Each change makes a new snapshot, so React and the
 * map layers can tell cheaply whether anything moved.
 */
import { useSyncExternalStore } from 'react';
import type { ThingLiveMessage } from '@flare/core/live/messages';
import type { Thing } from '@flare/core/schemas/thing';
import { applyLiveMessage } from './apply-live-message';

export interface LiveThingsSnapshot {
  /** Bumped on every change. */
  version: number;
  things: ReadonlyMap<string, Thing>;
  /** False until the first complete load. */
  loaded: boolean;
}

let snapshot: LiveThingsSnapshot = { version: 0, things: new Map(), loaded: false };
const listeners = new Set<() => void>();

function commit(things: Map<string, Thing>, loaded = snapshot.loaded): void {
  snapshot = { version: snapshot.version + 1, things, loaded };
  listeners.forEach((listener) => listener());
}

export const liveThings = {
  getSnapshot: (): LiveThingsSnapshot => snapshot,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A complete load: the store holds exactly these (active) assets. */
  replaceAll(things: Thing[]): void {
    commit(new Map(things.filter((t) => t.is_active).map((t) => [t.id, t])), true);
  },
  /** An incremental load: changed assets replace theirs; deactivated ones leave. */
  upsert(things: Thing[]): void {
    if (things.length === 0) return;
    const next = new Map(snapshot.things);
    for (const thing of things) {
      if (thing.is_active) next.set(thing.id, thing);
      else next.delete(thing.id);
    }
    commit(next);
  },
  /** A batch of live messages, applied in order. */
  apply(messages: ThingLiveMessage[]): void {
    let next: Map<string, Thing> | null = null;
    for (const message of messages) {
      const things: ReadonlyMap<string, Thing> = next ?? snapshot.things;
      const id = message.type === 'thing' ? message.thing.id : message.thing_id;
      const current = things.get(id);
      const updated = applyLiveMessage(current, message);
      if (updated === current) continue;
      next ??= new Map(snapshot.things);
      if (updated === null) next.delete(id);
      else if (updated) next.set(id, updated);
    }
    if (next) commit(next);
  },
  clear(): void {
    commit(new Map(), false);
  },
};

export function useLiveThings(): LiveThingsSnapshot {
  return useSyncExternalStore(liveThings.subscribe, liveThings.getSnapshot);
}

export function useLiveThing(id: string | undefined): Thing | undefined {
  return useSyncExternalStore(liveThings.subscribe, () => (id ? snapshot.things.get(id) : undefined));
}
