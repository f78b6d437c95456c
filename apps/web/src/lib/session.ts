/**
 * The signed-in session (spec 1 sections 3 and 4): tokens, expiry, profile and sections, kept in
 * localStorage; the access token is refreshed 10 s before it expires; any 401 signs out.
 */
import { useSyncExternalStore } from 'react';
import {
  AUTO_SIGN_IN_MIN_TOKEN_LENGTH,
  SESSION_EXPIRED_ALERT_MS,
  TOKEN_REFRESH_LEAD_MS,
} from '@flare/core/constants';
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
/** Set while the "Session Expired" alert shows, before the sign-out. */
let expiring: string | null = null;
const expiringListeners = new Set<() => void>();

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
    expireSession(MESSAGES.sessionExpired);
  }
}

/** Shows the expiry alert (spec 1 section 4), then signs out after 3 seconds. */
export function expireSession(reason: string): void {
  if (expiring || !state) return;
  expiring = reason;
  expiringListeners.forEach((listener) => listener());
  if (refreshTimer) clearTimeout(refreshTimer);
  refreshTimer = null;
  setTimeout(() => {
    expiring = null;
    expiringListeners.forEach((listener) => listener());
    signOut(reason);
  }, SESSION_EXPIRED_ALERT_MS);
}

/** The reason the session is about to end, while its alert shows. */
export function useExpiringSession(): string | null {
  return useSyncExternalStore(
    (listener) => {
      expiringListeners.add(listener);
      return () => expiringListeners.delete(listener);
    },
    () => expiring,
  );
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
  if (tokenClaims(current.token).org !== wire.data.organization_id) {
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

/**
 * Signs in with tokens handed over in the URL (spec 1 section 2): an access token longer than 400
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
  onUnauthorized: () => expireSession(MESSAGES.sessionExpired),
});
scheduleRefresh();
