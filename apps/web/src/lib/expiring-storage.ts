/**
 * Entries in a Web Storage (sessionStorage by default) that may carry an expiry: read after it, or
 * unreadable, an entry is removed and reads as null. A full or refused storage keeps nothing and
 * throws nothing: what is kept here can always be loaded again.
 */

interface Entry {
  value: unknown;
  /** Epoch milliseconds; null: kept until removed. */
  expiresAt: number | null;
}

export interface ExpiringStorage {
  /** Keeps `value` (JSON) under `key`, for `ttlMs` when given. */
  set(key: string, value: unknown, ttlMs?: number): void;
  get(key: string): unknown;
  remove(key: string): void;
  /** The keys held that start with `prefix`, expired ones included. */
  keys(prefix: string): string[];
}

export function createExpiringStorage(
  storage: () => Storage = () => sessionStorage,
  now: () => number = Date.now,
): ExpiringStorage {
  const attempt = <T>(act: (store: Storage) => T, otherwise: T): T => {
    try {
      return act(storage());
    } catch {
      return otherwise;
    }
  };
  const remove = (key: string) => attempt((store) => store.removeItem(key), undefined);
  return {
    set(key, value, ttlMs) {
      const entry: Entry = { value, expiresAt: ttlMs === undefined ? null : now() + ttlMs };
      attempt((store) => store.setItem(key, JSON.stringify(entry)), undefined);
    },
    get(key) {
      const raw = attempt((store) => store.getItem(key), null);
      if (raw === null) return null;
      const entry = parseEntry(raw);
      if (entry && (entry.expiresAt === null || entry.expiresAt > now())) return entry.value;
      remove(key);
      return null;
    },
    remove,
    keys: (prefix) =>
      attempt(
        (store) =>
          Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
            (key): key is string => key?.startsWith(prefix) ?? false,
          ),
        [],
      ),
  };
}

function parseEntry(raw: string): Entry | null {
  try {
    const entry = JSON.parse(raw) as Partial<Entry> | null;
    const { expiresAt } = entry ?? {};
    return entry && 'value' in entry && (expiresAt === null || typeof expiresAt === 'number')
      ? { value: entry.value, expiresAt }
      : null;
  } catch {
    return null;
  }
}

/** The tab's session storage: gone when the tab closes. */
export const sessionStore = createExpiringStorage();
