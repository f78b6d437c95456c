/**
 * A live collection keyed by id (the assets, the incidents): filled by complete loads, changed by
 * incremental loads and live messages. Each change makes a new snapshot, so React and the map layers
 * can tell cheaply whether anything moved; listeners to `onChanges` hear which items changed.
 */
import { useSyncExternalStore } from 'react';

/** Why the first complete load failed (the product's wording), and how to try again. */
export interface LoadFailure {
  message: string;
  /** Loads again, showing the loading state meanwhile. */
  retry: () => void;
}

export interface KeyedSnapshot<T> {
  /** Bumped on every change. */
  version: number;
  items: ReadonlyMap<string, T>;
  /** False until the first complete load. */
  loaded: boolean;
  /** Why the first complete load failed, until a load succeeds or is retried. */
  failure: LoadFailure | null;
}

/** An item a live message or an incremental load changed: as it was and as it is. */
export interface ItemChange<T> {
  before: T;
  after: T;
}

/**
 * How an item's new value follows from the one held: the held one (nothing changes), a new one, or
 * null (the item leaves the store).
 */
export type NextItem<T> = (current: T | undefined) => T | null | undefined;

export interface KeyedStoreOptions<T> {
  idOf: (item: T) => string;
  /** The item an incoming copy leaves (the copy, the held one when it is newer, null to drop it). */
  merge: (current: T | undefined, incoming: T) => T | null;
  /** What a complete load keeps; all when absent. */
  keep?: (item: T) => boolean;
  /** The store's limit: the items kept when it holds more (all when absent). */
  bound?: (items: Map<string, T>) => Map<string, T>;
}

export interface KeyedStore<T> {
  getSnapshot: () => KeyedSnapshot<T>;
  subscribe: (listener: () => void) => () => void;
  /**
   * Told of the items live messages and incremental loads change, after the store holds them (a
   * complete load tells nothing: it is where the screen starts, not a change the user saw happen).
   */
  onChanges: (listener: (changes: readonly ItemChange<T>[]) => void) => () => void;
  /** A complete load: the store holds exactly these (those `keep` keeps, within the bound). */
  replaceAll: (items: T[]) => void;
  /** Incoming copies (an incremental load, live messages, a saved edit), merged with those held. */
  upsert: (items: T[]) => void;
  /** Changes items in order, each from the value held at its turn. */
  change: (updates: Iterable<readonly [id: string, next: NextItem<T>]>) => void;
  /** A complete load failed: before the first one succeeds, the screens say why and offer `retry`. */
  loadFailed: (message: string, retry: () => void) => void;
  clear: () => void;
}

export function createKeyedStore<T>(options: KeyedStoreOptions<T>): KeyedStore<T> {
  const bound = options.bound ?? ((items: Map<string, T>) => items);
  let snapshot: KeyedSnapshot<T> = { version: 0, items: new Map(), loaded: false, failure: null };
  const listeners = new Set<() => void>();
  const changeListeners = new Set<(changes: readonly ItemChange<T>[]) => void>();

  function commit(next: Partial<Omit<KeyedSnapshot<T>, 'version'>>, changes: ItemChange<T>[] = []): void {
    snapshot = { ...snapshot, ...next, version: snapshot.version + 1 };
    listeners.forEach((listener) => listener());
    if (changes.length > 0) changeListeners.forEach((listener) => listener(changes));
  }

  const store: KeyedStore<T> = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onChanges(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    replaceAll(items) {
      const kept = options.keep ? items.filter(options.keep) : items;
      commit({
        items: bound(new Map(kept.map((item) => [options.idOf(item), item]))),
        loaded: true,
        failure: null,
      });
    },
    upsert(items) {
      store.change(
        items.map((item) => [options.idOf(item), (current) => options.merge(current, item)] as const),
      );
    },
    change(updates) {
      let next: Map<string, T> | null = null;
      const changes: ItemChange<T>[] = [];
      for (const [id, nextItem] of updates) {
        const current = (next ?? snapshot.items).get(id);
        const updated = nextItem(current);
        if (updated === current) continue;
        next ??= new Map(snapshot.items);
        if (updated === null || updated === undefined) next.delete(id);
        else next.set(id, updated);
        if (current !== undefined && updated) changes.push({ before: current, after: updated });
      }
      if (next) commit({ items: bound(next) }, changes);
    },
    loadFailed(message, retry) {
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
    clear() {
      commit({ items: new Map(), loaded: false, failure: null });
    },
  };
  return store;
}

/** The store's snapshot, for a React component. */
export function useKeyedSnapshot<T>(store: KeyedStore<T>): KeyedSnapshot<T> {
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

/** One item of the store, for a React component. */
export function useKeyedItem<T>(store: KeyedStore<T>, id: string | undefined): T | undefined {
  return useSyncExternalStore(store.subscribe, () => (id ? store.getSnapshot().items.get(id) : undefined));
}
