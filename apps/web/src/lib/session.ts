/**
 * The signed-in session: tokens, expiry, profile and sections, kept in
 * localStorage under "flare.auth"; the access token is refreshed 10 s before it expires; any 401 on a
 * signed-in call ends the session.
 */
import { useSyncExternalStore } from 'react';
import {
  AUTO_SIGN_IN_MIN_TOKEN_LENGTH,
  SESSION_EXPIRED_ALERT_MS,
  TOKEN_REFRESH_LEAD_MS,
} from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import { toProfile, type Profile } from '@flare/core/schemas/profile';
import type { TokenResponse } from '@flare/core/schemas/auth';
import type { SectionId } from '@flare/core/permissions/sections';
import { ApiError, configureApiAuth } from './api-client';
import { getProfile } from './api/get-profile';
import { refreshUserToken } from './api/refresh-user-token';
import { revokeToken } from './api/revoke-token';
import { forgetTargets } from './nav-memory';
import { queryClient } from './query-client';

export interface AuthState {
  token: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  profile: Profile | null;
  /** Sections the user may see, in order; the first is the default. */
  dashboardAccess: SectionId[];
}

export const AUTH_STORAGE_KEY = 'flare.auth';
/** An unreachable server during a refresh is retried this often rather than ending the session. */
const REFRESH_RETRY_MS = 5_000;
const REFRESH_LOCK = 'flare.auth.refresh';

/** The profile could not be used: its message is the catalogue's (Profile). */
export class ProfileLoadError extends Error {}

const listeners = new Set<() => void>();
let state: AuthState | null = load();
let refreshTimer: ReturnType<typeof setTimeout> | null = null;
let lastSignOutReason: string | null = null;
/** Set while the "Session Expired" alert shows, before the sign-out. */
let expiring: string | null = null;
const expiringListeners = new Set<() => void>();
/** Whether the profile was loaded since this page was opened (otherwise it came from storage). */
let profileLoadedThisVisit = false;

function load(): AuthState | null {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as AuthState) : null;
  } catch {
    return null;
  }
}

function save(next: AuthState | null): void {
  state = next;
  if (next) localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(next));
  else localStorage.removeItem(AUTH_STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

const subscriber = (set: Set<() => void>) => (listener: () => void) => {
  set.add(listener);
  return () => set.delete(listener);
};
/** Calls `listener` on every change of the session (sign-in, tokens, profile, sign-out). */
export const subscribeSession = subscriber(listeners);
const subscribeExpiring = subscriber(expiringListeners);

export function getSession(): AuthState | null {
  return state;
}

export function useSession(): AuthState | null {
  return useSyncExternalStore(subscribeSession, () => state);
}

export function hasFreshProfile(): boolean {
  return profileLoadedThisVisit;
}

/** Why the last session ended, when it did not end by the user's choice (shown once on sign-in). */
export function takeSignOutReason(): string | null {
  const reason = lastSignOutReason;
  lastSignOutReason = null;
  return reason;
}

/** The claims of an access token's JWT payload that the dashboard reads (not verified here). */
export function tokenClaims(token: string): { org: string | null; exp: number | null } {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      org?: unknown;
      exp?: unknown;
    };
    return {
      org: typeof claims.org === 'string' ? claims.org : null,
      exp: typeof claims.exp === 'number' ? claims.exp : null,
    };
  } catch {
    return { org: null, exp: null };
  }
}

function clearRefreshTimer(): void {
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
}

function scheduleRefresh(): void {
  clearRefreshTimer();
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

/**
 * Uses the refresh token; a refused refresh ends the session. Tabs take turns (a Web Lock) and a
 * tab that finds the tokens already rotated by another adopts them: refresh tokens are single-use,
 * and a second use would revoke the session everywhere.
 */
export async function refreshSession(): Promise<void> {
  if (!state) return;
  // Not every browser (nor the test DOM) offers Web Locks.
  const locks = (navigator as Partial<Navigator>).locks;
  if (locks) {
    await locks.request(REFRESH_LOCK, refreshHoldingLock);
  } else {
    await refreshHoldingLock();
  }
}

async function refreshHoldingLock(): Promise<void> {
  const stored = load();
  if (state && stored && stored.refreshToken !== state.refreshToken) {
    adoptStored(stored);
    return;
  }
  const current = state;
  if (!current) return;
  try {
    const tokens = await refreshUserToken(current.refreshToken);
    // A sign-out or a new sign-in while the call was on its way wins.
    if (state?.refreshToken === current.refreshToken) storeTokens(tokens);
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) {
      refreshTimer = setTimeout(() => void refreshSession(), REFRESH_RETRY_MS);
      return;
    }
    expireSession(sessionEndMessage(error instanceof ApiError ? error.code : undefined));
  }
}

/** Why a refused session ends, as its alert says: a suspended user is told so, not "Session Expired". */
function sessionEndMessage(code: string | undefined): string {
  return code === 'user_suspended' ? MESSAGES.userSuspended : MESSAGES.sessionExpired;
}

/** Shows the expiry alert, then signs out after 3 seconds. */
export function expireSession(reason: string): void {
  if (expiring || !state) return;
  expiring = reason;
  expiringListeners.forEach((listener) => listener());
  clearRefreshTimer();
  setTimeout(() => {
    expiring = null;
    expiringListeners.forEach((listener) => listener());
    signOut(reason);
  }, SESSION_EXPIRED_ALERT_MS);
}

/** The reason the session is about to end, while its alert shows. */
export function useExpiringSession(): string | null {
  return useSyncExternalStore(subscribeExpiring, () => expiring);
}

/**
 * Loads the profile into the session. A missing profile, or one whose organisation is not the
 * token's (the organisation changed since sign-in), signs out with the catalogue's message.
 */
export async function loadProfile(): Promise<Profile> {
  const current = state;
  if (!current) throw new ProfileLoadError(MESSAGES.profileMissing);
  const wire = await getProfile();
  if (!wire) refuseProfile(MESSAGES.profileMissing);
  if (tokenClaims(current.token).org !== wire.organization_id) refuseProfile(MESSAGES.organizationChanged);
  const profile = toProfile(wire);
  profileLoadedThisVisit = true;
  if (state?.token === current.token) save({ ...state, profile, dashboardAccess: profile.userAccess });
  return profile;
}

function refuseProfile(message: string): never {
  signOut(message);
  throw new ProfileLoadError(message);
}

/** Starts a session from tokens (a sign-in, or tokens handed over in the URL) and loads the profile. */
export async function startSession(tokens: TokenResponse): Promise<Profile> {
  save(null);
  forgetTargets();
  storeTokens(tokens);
  try {
    return await loadProfile();
  } catch (error) {
    // Half a session (tokens without a profile) would leave the dashboard waiting forever.
    if (state) signOut();
    throw error;
  }
}

/**
 * Sign-in with tokens handed over in the URL: an access token longer than 400
 * characters and a refresh token. Returns null when the query holds no such pair.
 */
export function tokensFromQuery(search: URLSearchParams): TokenResponse | null {
  const access = search.get('access_token');
  const refresh = search.get('refresh_token');
  if (!access || !refresh || access.length <= AUTO_SIGN_IN_MIN_TOKEN_LENGTH) return null;
  const exp = tokenClaims(access).exp;
  if (!exp) return null;
  return {
    access_token: access,
    refresh_token: refresh,
    expires_in: Math.max(1, Math.floor(exp - Date.now() / 1000)),
    token_type: 'Bearer',
    created_at: Math.floor(Date.now() / 1000),
    scope: 'dashboard',
    uuid: '',
  };
}

/**
 * Asks the server whether the session still holds: a 401 ends it through the API client's rule
 * ("received unauthorized"); any other failure keeps it.
 */
export async function checkSession(): Promise<void> {
  if (!state) return;
  await getProfile().catch(() => undefined);
}

/**
 * Revokes the refresh token on the server (fire and forget) and forgets the session here; the route
 * guard then sends the visitor to /welcome/signin.
 */
export function signOut(reason: string | null = null): void {
  const current = state;
  clearRefreshTimer();
  lastSignOutReason = reason;
  forgetTargets();
  queryClient.clear();
  save(null);
  if (current) revokeToken(current.refreshToken).catch(() => undefined);
}

/** Another tab's session in storage replaces this tab's (keeping the loaded profile when it is the same user). */
function adoptStored(stored: AuthState | null): void {
  state = stored && state?.profile && !stored.profile ? { ...stored, profile: state.profile } : stored;
  listeners.forEach((listener) => listener());
  if (state) scheduleRefresh();
  else clearRefreshTimer();
}

// Another tab signed in, refreshed the tokens or signed out: this tab follows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) adoptStored(load());
  });
}

configureApiAuth({
  token: () => state?.token ?? null,
  // "received unauthorized": the alert, then the sign-out.
  onUnauthorized: (code) => expireSession(sessionEndMessage(code)),
});
scheduleRefresh();
