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
  /** Why the first complete load failed, until a load succeeds or is retried. */
  failure: LoadFailure | null;
}

export interface LoadFailure {
  message: string;
  /** Loads again, showing the loading state meanwhile. */
  retry: () => void;
}

/** An asset a live message or an incremental load changed: as it was and as it is. */
export interface ThingChange {
  before: Thing;
  after: Thing;
}

let snapshot: LiveThingsSnapshot = { version: 0, things: new Map(), loaded: false, failure: null };
const listeners = new Set<() => void>();
const changeListeners = new Set<(changes: readonly ThingChange[]) => void>();

function commit(change: Partial<Omit<LiveThingsSnapshot, 'version'>>, changes: ThingChange[] = []): void {
  snapshot = { ...snapshot, ...change, version: snapshot.version + 1 };
  listeners.forEach((listener) => listener());
  if (changes.length > 0) changeListeners.forEach((listener) => listener(changes));
}

export const liveThings = {
  getSnapshot: (): LiveThingsSnapshot => snapshot,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /**
   * Told of the assets live messages and incremental loads change, after the store holds them (a
   * complete load tells nothing: it is where the screen starts, not a change the user saw happen).
   */
  onChanges(listener: (changes: readonly ThingChange[]) => void): () => void {
    changeListeners.add(listener);
    return () => changeListeners.delete(listener);
  },
  /** A complete load: the store holds exactly these (active) assets. */
  replaceAll(things: Thing[]): void {
    commit({
      things: new Map(things.filter((t) => t.is_active).map((t) => [t.id, t])),
      loaded: true,
      failure: null,
    });
  },
  /** A complete load failed: before the first one succeeds, the list says so and offers `retry`. */
  loadFailed(message: string, retry: () => void): void {
    if (snapshot.loaded) return;
    const failure: LoadFailure = {
      message,
      retry: () => {
        if (snapshot.failure === failure) commit({ failure: null });
        retry();
      },
    };
    commit({ failure });
  },
  /** An incremental load: changed assets replace theirs; deactivated ones leave. */
  upsert(things: Thing[]): void {
    if (things.length === 0) return;
    const next = new Map(snapshot.things);
    const changes: ThingChange[] = [];
    for (const thing of things) {
      const before = next.get(thing.id);
      if (before && thing.is_active) changes.push({ before, after: thing });
      if (thing.is_active) next.set(thing.id, thing);
      else next.delete(thing.id);
    }
    commit({ things: next }, changes);
  },
  /** A batch of live messages, applied in order. */
  apply(messages: ThingLiveMessage[]): void {
    let next: Map<string, Thing> | null = null;
    const changes: ThingChange[] = [];
    for (const message of messages) {
      const things: ReadonlyMap<string, Thing> = next ?? snapshot.things;
      const id = message.type === 'thing' ? message.thing.id : message.thing_id;
      const current = things.get(id);
      const updated = applyLiveMessage(current, message);
      if (updated === current) continue;
      next ??= new Map(snapshot.things);
      if (updated === null) next.delete(id);
      else if (updated) next.set(id, updated);
      if (current && updated) changes.push({ before: current, after: updated });
    }
    if (next) commit({ things: next }, changes);
  },
  clear(): void {
    commit({ things: new Map(), loaded: false, failure: null });
  },
};

export function useLiveThings(): LiveThingsSnapshot {
  return useSyncExternalStore(liveThings.subscribe, liveThings.getSnapshot);
}

export function useLiveThing(id: string | undefined): Thing | undefined {
  return useSyncExternalStore(liveThings.subscribe, () => (id ? snapshot.things.get(id) : undefined));
}
