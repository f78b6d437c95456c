/**
 * Slow-changing reference data kept across page reloads: the queries marked `meta: { persist: true }`
 * (asset types and subtypes, area types, roles, organisation types, the organisations list; never live
 * data or tokens) are written to session storage as they load and read back when the page opens, so
 * it shows them at once. Each is kept CACHED_API_DATA_S (an hour) from when it was loaded, for the user
 * and organisation that loaded it only: signing out, another user or another organisation drops them.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { CACHED_API_DATA_S } from '@flare/core/constants';
import { sessionStore, type ExpiringStorage } from './expiring-storage';
import { getSession, subscribeSession } from './session';
import { subscribeOrganizationSwitch, subscribedOrganizationOf } from './subscribed-organization';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { persist?: boolean };
  }
}

/** Marks a query's options as reference data to keep across reloads. */
export const PERSISTED = { meta: { persist: true } } as const;

const PREFIX = 'flare.query.';
const LIFETIME_MS = CACHED_API_DATA_S * 1000;

interface Persisted {
  queryKey: QueryKey;
  data: unknown;
  dataUpdatedAt: number;
}

/** Whose data the cache holds now: the signed-in user in the organisation on show. */
function currentOwner(): string | null {
  const profile = getSession()?.profile;
  return profile ? `${profile.id}.${subscribedOrganizationOf(profile).id}.` : null;
}

/** Drops every kept query but `owner`'s (all of them without one). */
function dropAllBut(owner: string | null, store: ExpiringStorage): void {
  for (const key of store.keys(PREFIX))
    if (owner === null || !key.startsWith(PREFIX + owner)) store.remove(key);
}

/**
 * Fills `client` with what the current owner kept, then keeps the marked queries as they load and
 * follows the owner. Returns the function that stops it.
 */
export function persistQueries(client: QueryClient, store: ExpiringStorage = sessionStore): () => void {
  let owner = currentOwner();
  dropAllBut(owner, store);
  if (owner)
    for (const key of store.keys(PREFIX + owner)) {
      // The store's expiry frees the space; the data's age is the rule.
      const kept = store.get(key) as Persisted | null;
      if (kept && kept.dataUpdatedAt + LIFETIME_MS > Date.now())
        client.setQueryData(kept.queryKey, kept.data, { updatedAt: kept.dataUpdatedAt });
      else store.remove(key);
    }
  const followOwner = () => {
    const next = currentOwner();
    if (next === owner) return;
    owner = next;
    dropAllBut(owner, store);
  };
  const stops = [
    subscribeSession(followOwner),
    subscribeOrganizationSwitch(followOwner),
    client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const { query } = event;
      if (!owner || !query.meta?.persist) return;
      const data: unknown = query.state.data;
      const { dataUpdatedAt } = query.state;
      const left = dataUpdatedAt + LIFETIME_MS - Date.now();
      if (left <= 0) return;
      const kept: Persisted = { queryKey: query.queryKey as QueryKey, data, dataUpdatedAt };
      store.set(PREFIX + owner + query.queryHash, kept, left);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
