import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { apiFetch } from './api-client';
import {
  AUTH_STORAGE_KEY,
  getSession,
  ProfileLoadError,
  signOut,
  startSession,
  takeSignOutReason,
  tokenClaims,
  tokensFromQuery,
} from './session';
import { fakeApi, fakeJwt, fakeProfile, fakeTokens, type FakeCall } from '../testing/fake-api';

const isRefresh = (call: FakeCall) =>
  call.path === '/user_token' && (call.body as { grant_type: string }).grant_type === 'refresh_token';
const stored = () =>
  JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as { refreshToken: string } | null;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  signOut();
  await vi.runOnlyPendingTimersAsync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('token refresh', () => {
  it('refreshes 10 s before the access token expires and keeps the rotated refresh token', async () => {
    const calls = fakeApi({
      'GET /profile': () => ({ status: 200, body: fakeProfile(['thing:read']) }),
      'POST /user_token': () => ({ status: 200, body: fakeTokens('org-1', 60) }),
    });
    const first = fakeTokens('org-1', 60);
    await startSession(first);

    await vi.advanceTimersByTimeAsync(49_999);
    expect(calls.filter(isRefresh)).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(calls.filter(isRefresh).map((call) => call.body)).toEqual([
      { grant_type: 'refresh_token', refresh_token: first.refresh_token },
    ]);
    const renewed = getSession()!;
    expect(renewed.refreshToken).not.toBe(first.refresh_token);
    expect(stored()?.refreshToken).toBe(renewed.refreshToken);
    expect(renewed.profile?.email).toBe('ada@springfield-pd.test');

    // The next refresh follows the new token's lifetime.
    await vi.advanceTimersByTimeAsync(50_000);
    expect(calls.filter(isRefresh)).toHaveLength(2);
  });

  it('ends the session when the refresh token is refused', async () => {
    fakeApi({
      'GET /profile': () => ({ status: 200, body: fakeProfile(['thing:read']) }),
      'POST /user_token': () => ({
        status: 422,
        body: { error: 'invalid_grant', message: MESSAGES.tokenExpired },
      }),
    });
    await startSession(fakeTokens('org-1', 20));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(getSession()).not.toBeNull(); // the "Session Expired" alert shows first
    await vi.advanceTimersByTimeAsync(3_000);
    expect(getSession()).toBeNull();
  });
});

describe('a refused call ends the session', () => {
  it.each([
    [
      'a suspended user is told so',
      { error: 'user_suspended', message: MESSAGES.userSuspended },
      MESSAGES.userSuspended,
    ],
    [
      'an ended session says it expired',
      { error: 'invalid_token', message: MESSAGES.tokenExpired },
      MESSAGES.sessionExpired,
    ],
  ])('%s', async (_, body, reason) => {
    fakeApi({
      'GET /profile': () => ({ status: 200, body: fakeProfile(['thing:read']) }),
      'GET /things': () => ({ status: 401, body }),
    });
    await startSession(fakeTokens('org-1', 600));
    await expect(apiFetch('/things')).rejects.toMatchObject({ status: 401 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(getSession()).toBeNull();
    expect(takeSignOutReason()).toBe(reason);
  });
});

describe('several tabs', () => {
  const otherTabWrites = (value: object | null) => {
    const newValue = value ? JSON.stringify(value) : null;
    if (newValue) localStorage.setItem(AUTH_STORAGE_KEY, newValue);
    else localStorage.removeItem(AUTH_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY, newValue }));
  };

  it('adopts tokens another tab rotated instead of using the spent refresh token', async () => {
    const calls = fakeApi({
      'GET /profile': () => ({ status: 200, body: fakeProfile(['thing:read']) }),
      'POST /user_token': () => ({ status: 200, body: fakeTokens('org-1', 60) }),
    });
    await startSession(fakeTokens('org-1', 60));
    const rotated = fakeTokens('org-1', 900);
    // Written without notice (a storage event can arrive late): the refresh must still notice it.
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ ...stored(), token: rotated.access_token, refreshToken: rotated.refresh_token }),
    );
    await vi.advanceTimersByTimeAsync(50_000);
    expect(calls.filter(isRefresh)).toHaveLength(0);
    expect(getSession()?.refreshToken).toBe(rotated.refresh_token);
    expect(getSession()?.profile).not.toBeNull();
  });

  it('follows another tab signing out', async () => {
    fakeApi({ 'GET /profile': () => ({ status: 200, body: fakeProfile(['thing:read']) }) });
    await startSession(fakeTokens());
    otherTabWrites(null);
    expect(getSession()).toBeNull();
  });
});

describe('a 401 while signed in', () => {
  it('signs out after the expiry alert, revoking the refresh token and clearing storage', async () => {
    const calls = fakeApi({
      'GET /profile': () => ({ status: 200, body: fakeProfile(['thing:read']) }),
      'GET /organization/things': () => ({ status: 401, body: { error: 'unauthorized', message: 'No.' } }),
      'POST /revoke_token': () => ({ status: 200, body: { revoked: true } }),
    });
    const tokens = fakeTokens();
    await startSession(tokens);
    expect(calls.at(-1)?.authorization).toBe(`Bearer ${tokens.access_token}`);

    await expect(apiFetch('/organization/things')).rejects.toMatchObject({ status: 401 });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(getSession()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);

    expect(getSession()).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(calls.filter((call) => call.path === '/revoke_token').map((call) => call.body)).toEqual([
      { token: tokens.refresh_token },
    ]);
  });
});

describe('profile load', () => {
  it('refuses a profile of another organisation than the token and signs out', async () => {
    fakeApi({ 'GET /profile': () => ({ status: 200, body: fakeProfile([], { org: 'org-2' }) }) });
    await expect(startSession(fakeTokens('org-1'))).rejects.toEqual(
      new ProfileLoadError(MESSAGES.organizationChanged),
    );
    expect(getSession()).toBeNull();
  });

  it('refuses an answer without a profile', async () => {
    fakeApi({ 'GET /profile': () => ({ status: 200, body: {} }) });
    await expect(startSession(fakeTokens())).rejects.toEqual(new ProfileLoadError(MESSAGES.profileMissing));
    expect(getSession()).toBeNull();
  });

  it('stores the sections the user may see, the default first', async () => {
    fakeApi({ 'GET /profile': () => ({ status: 200, body: fakeProfile(['zone:read', 'incident:read']) }) });
    await startSession(fakeTokens());
    expect(getSession()?.dashboardAccess).toEqual(['events', 'zones']);
  });
});

describe('access token claims', () => {
  it('reads the organisation and expiry the profile check and auto sign-in need', () => {
    expect(tokenClaims(fakeJwt({ org: 'org-1', exp: 1_800_000_000 }))).toEqual({
      org: 'org-1',
      exp: 1_800_000_000,
    });
    expect(tokenClaims('not-a-token')).toEqual({ org: null, exp: null });
  });
});

describe('sign-in with tokens in the URL', () => {
  it('needs an access token longer than 400 characters and a refresh token', () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const long = fakeJwt({ org: 'o', exp }, 400);
    const short = fakeJwt({ org: 'o', exp });
    expect(tokensFromQuery(new URLSearchParams({ access_token: long, refresh_token: 'r' }))).toMatchObject({
      access_token: long,
      refresh_token: 'r',
    });
    expect(tokensFromQuery(new URLSearchParams({ access_token: short, refresh_token: 'r' }))).toBeNull();
    expect(tokensFromQuery(new URLSearchParams({ access_token: long }))).toBeNull();
  });

  it('takes the lifetime from the token', () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const tokens = tokensFromQuery(
      new URLSearchParams({ access_token: fakeJwt({ org: 'o', exp }, 400), refresh_token: 'r' }),
    );
    expect(tokens!.expires_in).toBeGreaterThan(590);
    expect(tokens!.expires_in).toBeLessThanOrEqual(600);
  });
});
