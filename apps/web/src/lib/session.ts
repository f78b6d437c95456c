/**
 * The signed-in session (spec 1 sections 3 and 4): tokens, expiry, profile and sections, kept in
 * localStorage; the access token is refreshed 10 s before it expires; any 401 signs out.
 */
import { useSyncExternalStore } from 'react';
import { TOKEN_REFRESH_LEAD_MS } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import { ProfileResponseSchema, toProfile, type Profile } from '@flare/core/schemas/profile';
import type { TokenResponse } from '@flare/core/schemas/auth';
import type { SectionId } from '@flare/core/permissions/sections';
import { ApiError, apiFetch, configureApiAuth } from './api-client';

export interface AuthState {
  token: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  profile: Profile | null;
  /** Sections the user may see, in order; the first is the default. */
  dashboardAccess: SectionId[];
}

const KEY = 'flare.auth';
const listeners = new Set<() => void>();
let state: AuthState | null = load();
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let lastSignOutReason: string | null = null;
/** Whether the profile was loaded since this page was opened (otherwise it came from storage). */
let profileLoadedThisVisit = false;

export function hasFreshProfile(): boolean {
  return profileLoadedThisVisit;
}

function load(): AuthState | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as AuthState) : null;
  } catch {
    return null;
  }
}

function save(next: AuthState | null): void {
  state = next;
  if (next) localStorage.setItem(KEY, JSON.stringify(next));
  else localStorage.removeItem(KEY);
  listeners.forEach((listener) => listener());
}

export function getSession(): AuthState | null {
  return state;
}

export function useSession(): AuthState | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** Why the last session ended, when it did not end by the user's choice (shown once on sign-in). */
export function takeSignOutReason(): string | null {
  const reason = lastSignOutReason;
  lastSignOutReason = null;
  return reason;
}

/** The organisation id inside an access token (its JWT payload's `org` claim). */
export function tokenOrganizationId(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const org = (JSON.parse(json) as { org?: unknown }).org;
    return typeof org === 'string' ? org : null;
  } catch {
    return null;
  }
}

function scheduleRefresh(): void {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  if (!state) return;
  const delay = Math.max(0, state.expiresAt - TOKEN_REFRESH_LEAD_MS - Date.now());
  refreshTimer = setTimeout(() => void refreshSession(), delay);
}

function storeTokens(tokens: TokenResponse): void {
  save({
    token: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: Date.now() + tokens.expires_in * 1000,
    profile: state?.profile ?? null,
    dashboardAccess: state?.dashboardAccess ?? [],
  });
  scheduleRefresh();
}

/** Uses the refresh token; a refused refresh ends the session. */
export async function refreshSession(): Promise<void> {
  const current = state;
  if (!current) return;
  try {
    const tokens = await apiFetch<TokenResponse>('/user_token', {
      method: 'POST',
      authenticated: false,
      body: { grant_type: 'refresh_token', refresh_token: current.refreshToken },
    });
    if (state?.refreshToken === current.refreshToken) storeTokens(tokens);
  } catch (error) {
    // Unreachable server: try again shortly rather than signing out.
    if (error instanceof ApiError && error.status === 0) {
      refreshTimer = setTimeout(() => void refreshSession(), 5_000);
      return;
    }
    signOut(MESSAGES.sessionExpired);
  }
}

/** Loads the profile; refuses a profile whose organisation is not the token's. */
export async function loadProfile(): Promise<Profile> {
  const current = state;
  if (!current) throw new ApiError(401, MESSAGES.profileMissing);
  const wire = ProfileResponseSchema.safeParse(await apiFetch<unknown>('/profile'));
  if (!wire.success) {
    signOut(MESSAGES.profileMissing);
    throw new ApiError(0, MESSAGES.profileMissing);
  }
  if (tokenOrganizationId(current.token) !== wire.data.organization_id) {
    signOut(MESSAGES.organizationChanged);
    throw new ApiError(0, MESSAGES.organizationChanged);
  }
  const profile = toProfile(wire.data);
  profileLoadedThisVisit = true;
  if (state) save({ ...state, profile, dashboardAccess: profile.userAccess });
  return profile;
}

export async function signInWithPassword(
  email: string,
  password: string,
  unlockToken?: string,
): Promise<Profile> {
  const tokens = await apiFetch<TokenResponse>('/user_token', {
    method: 'POST',
    authenticated: false,
    body: {
      grant_type: 'password',
      application: 'dashboard',
      username: email,
      password,
      ...(unlockToken ? { unlock_token: unlockToken } : {}),
    },
  });
  return startSession(tokens);
}

/** Starts a session from tokens (a sign-in, or tokens handed over in the URL) and loads the profile. */
export async function startSession(tokens: TokenResponse): Promise<Profile> {
  save(null);
  storeTokens(tokens);
  return loadProfile();
}

/** Revokes the session on the server (without waiting) and forgets it here. */
export function signOut(reason: string | null = null): void {
  const current = state;
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  lastSignOutReason = reason;
  save(null);
  if (current) {
    apiFetch('/revoke_token', {
      method: 'POST',
      authenticated: false,
      body: { token: current.refreshToken },
    }).catch(() => undefined);
  }
}

configureApiAuth({
  token: () => state?.token ?? null,
  onUnauthorized: () => signOut(MESSAGES.sessionExpired),
});
scheduleRefresh();
