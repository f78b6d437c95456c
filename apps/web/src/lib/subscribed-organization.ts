/**
 * The organisation the dashboard shows (the subscribed organisation). Users who may switch (core's
 * organization-switch rules) pick it from the organisation list; the choice is kept per user in this
 * browser and survives a reload. Switching drops the loaded data (each screen loads the new
 * organisation's), the live feed resubscribes, and the organisation's reads carry its id.
 */
import { useSyncExternalStore } from 'react';
import { subscribedOrganization } from '@flare/core/accounts/organization-switch';
import type { OrganizationSummary } from '@flare/core/schemas/organization';
import type { Profile } from '@flare/core/schemas/profile';
import { configureOrganizationScope } from './api-client';
import { queryClient } from './query-client';
import { getSession, useSession } from './session';

const storageKey = (userId: string) => `flare.subscribedOrganization.${userId}`;
const listeners = new Set<() => void>();
let version = 0;

function chosenId(profile: Profile): string | null {
  try {
    return localStorage.getItem(storageKey(profile.id));
  } catch {
    return null;
  }
}

/** The organisation in effect for this profile (its own unless it switched). */
export function subscribedOrganizationOf(profile: Profile): OrganizationSummary {
  return subscribedOrganization(profile, chosenId(profile));
}

/** Calls `listener` after each switch of organisation. */
export function subscribeOrganizationSwitch(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSubscribedOrganization(): OrganizationSummary | null {
  const profile = useSession()?.profile ?? null;
  useSyncExternalStore(subscribeOrganizationSwitch, () => version);
  return profile ? subscribedOrganizationOf(profile) : null;
}

export function switchOrganization(organizationId: string): void {
  const profile = getSession()?.profile;
  if (!profile || subscribedOrganizationOf(profile).id === organizationId) return;
  if (organizationId === profile.userOrg.id) localStorage.removeItem(storageKey(profile.id));
  else localStorage.setItem(storageKey(profile.id), organizationId);
  version += 1;
  // Every screen loads the new organisation's data; nothing of the previous one stays on show.
  void queryClient.resetQueries();
  listeners.forEach((listener) => listener());
}

configureOrganizationScope(() => {
  const profile = getSession()?.profile;
  if (!profile) return null;
  const subscribed = subscribedOrganizationOf(profile);
  return subscribed.id === profile.userOrg.id ? null : subscribed.id;
});
