import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app';
import { startTestProvider, type TestProvider } from '../../../test/oidc-test-provider';
import { fixtures } from '../../../test/fixtures';

const PUBLIC_URL = 'http://flare.test';
const CALLBACK = `${PUBLIC_URL}/api/sso/callback`;

let provider: TestProvider;
let t: TestApp;
/** An organisation and its users, by role (the provider vouches for their addresses). */
let organization: string;
let ADMIN: string;
let USER: string;
let MEDIA: string;
beforeAll(async () => {
  provider = await startTestProvider(CALLBACK);
  t = await createTestApp({ PUBLIC_URL, ...provider.env });
  const given = fixtures(t);
  organization = (await given.organization()).id;
  ADMIN = (await given.user(organization, 'ADMIN')).email;
  USER = (await given.user(organization, 'USER')).email;
  MEDIA = (await given.user(organization, 'USER_EVENTS_ONLY')).email;
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** Starts a sign-on: the provider's authorization URL and the flow cookie. */
async function start(app: TestApp) {
  const response = await app.app.inject({ method: 'GET', url: '/api/sso/start' });
  expect(response.statusCode).toBe(302);
  const flow = response.cookies.find((cookie) => cookie.name === 'flare_sso_flow');
  return { location: response.headers.location as string, flow: flow?.value ?? '' };
}

/** Where the callback sends the browser: the sign-in screen, with the outcome in the fragment. */
async function callback(app: TestApp, search: string, flow: string) {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/sso/callback${search}`,
    cookies: { flare_sso_flow: flow },
  });
  expect(response.statusCode).toBe(302);
  const location = response.headers.location as string;
  expect(location.startsWith('/welcome/signin#')).toBe(true);
  return new URLSearchParams(location.slice(location.indexOf('#') + 1));
}

/** The whole sign-on of `email` at the provider: the outcome the sign-in screen receives. */
async function signOn(email: string, app = t) {
  const { location, flow } = await start(app);
  const back = await provider.signIn(location, email);
  return callback(app, back.search, flow);
}

const exchange = (app: TestApp, code: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/user_token',
    payload: { grant_type: 'refresh_token', refresh_token: code },
  });

describe('single sign-on (OpenID Connect)', () => {
  it('tells the sign-in screen that it is on, under the provider name, and reports the provider healthy', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/sso/config' });
    expect(config.json()).toEqual({ enabled: true, provider_name: 'Test Provider' });
    // The provider's discovery starts with the app and is not awaited: healthy once it has finished.
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json().single_sign_on)
      .toEqual({ issuer: provider.issuer, ok: true, error: null });
  });

  it('sends the browser to the provider with PKCE, state and nonce, keeping them in a short-lived cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/sso/start' });
    const url = new URL(response.headers.location as string);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const param of ['code_challenge', 'state', 'nonce'])
      expect(url.searchParams.get(param)).toBeTruthy();
    const cookie = response.cookies.find((c) => c.name === 'flare_sso_flow')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/sso', maxAge: 600 });
  });

  it('signs in a user whose verified e-mail the provider vouches for, with a one-time code', async () => {
    const outcome = await signOn(ADMIN);
    const code = outcome.get('sso_code')!;
    expect(code).toBeTruthy();
    const tokens = await exchange(t, code);
    expect(tokens.statusCode).toBe(200);
    const { access_token } = tokens.json<{ access_token: string }>();
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(access_token) });
    expect(profile.statusCode).toBe(200);
    expect(JSON.stringify(profile.json())).toContain(ADMIN);
    // The code is used up: a second exchange (a copy from a log, say) is refused.
    expect((await exchange(t, code)).statusCode).toBe(422);
  });

  it('refuses an e-mail address the provider has not verified', async () => {
    provider.accounts.set(USER, { email_verified: false });
    const outcome = await signOn(USER);
    expect(outcome.get('sso_error')).toBe('email_not_verified');
    expect(outcome.get('sso_code')).toBeNull();
  });

  it('refuses an e-mail address no user has', async () => {
    const outcome = await signOn('stranger@example.test');
    expect(outcome.get('sso_error')).toBe('unknown_user');
    const created = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'stranger@example.test')
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('refuses a suspended user with the message of password sign-in', async () => {
    await t.db.updateTable('users').set({ suspended_at: new Date() }).where('email', '=', MEDIA).execute();
    expect((await signOn(MEDIA)).get('sso_error')).toBe('user_suspended');
  });

  it('signs in users of organisations that manage sign-in elsewhere (not with a password)', async () => {
    const given = fixtures(t);
    const org = (await given.organization()).id;
    const { email } = await given.user(org, 'USER');
    await t.db
      .updateTable('organizations')
      .set({ sign_in_method: 'external' })
      .where('id', '=', org)
      .execute();
    try {
      expect((await signOn(email)).get('sso_code')).toBeTruthy();
    } finally {
      await t.db
        .updateTable('organizations')
        .set({ sign_in_method: 'password' })
        .where('id', '=', org)
        .execute();
    }
  });

  it('refuses an answer whose state is not the one sent, and one without the flow cookie', async () => {
    const { location, flow } = await start(t);
    const back = await provider.signIn(location, ADMIN);
    const forged = new URLSearchParams(back.search);
    forged.set('state', 'not-the-state');
    expect((await callback(t, `?${forged.toString()}`, flow)).get('sso_error')).toBe('sso_failed');
    expect((await callback(t, back.search, '')).get('sso_error')).toBe('sso_failed');
    const other = await start(t);
    expect((await callback(t, back.search, other.flow)).get('sso_error')).toBe('sso_failed');
  });

  it('refuses the provider’s error answer (the user cancelled, say)', async () => {
    const { location, flow } = await start(t);
    const state = new URL(location).searchParams.get('state')!;
    const search = `?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`;
    expect((await callback(t, search, flow)).get('sso_error')).toBe('sso_failed');
  });
});

describe('single sign-on creating users (OIDC_CREATE_USERS)', () => {
  it('creates an unknown user in the named organisation and role, then signs them in', async () => {
    // The organisation is named in the configuration, so it is made with that id once the app is.
    const org = randomUUID();
    const app = await createTestApp({ PUBLIC_URL, ...provider.env, OIDC_CREATE_USERS: `2:${org}` });
    try {
      await fixtures(app).organization({ id: org });
      provider.accounts.set('newcomer@fixture.test', { given_name: 'Nora', family_name: 'Newcomer' });
      const outcome = await signOn('Newcomer@Fixture.test', app);
      expect((await exchange(app, outcome.get('sso_code')!)).statusCode).toBe(200);
      const user = await app.db
        .selectFrom('users')
        .select(['organization_id', 'role_id', 'first_name', 'last_name'])
        .where('email', '=', 'newcomer@fixture.test')
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ organization_id: org, role_id: 2, first_name: 'Nora', last_name: 'Newcomer' });
      // Still refused: an unverified address.
      provider.accounts.set('unverified@fixture.test', { email_verified: false });
      expect((await signOn('unverified@fixture.test', app)).get('sso_error')).toBe('email_not_verified');
    } finally {
      await app.close();
    }
  });
});

describe('single sign-on set up wrongly or not at all', () => {
  it('starts while the provider is unreachable, and says so in the health check', async () => {
    // A provider that hangs up on every connection, on a port it holds for the whole test.
    const unreachable = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => unreachable.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(unreachable.address() as AddressInfo).port}`;
    const app = await createTestApp({ ...provider.env, OIDC_ISSUER_URL: issuer });
    try {
      const response = await app.app.inject({ method: 'GET', url: '/api/sso/start' });
      expect(response.headers.location).toBe('/welcome/signin#sso_error=sso_failed');
      const health = (await app.app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(health.status).toBe('ok');
      expect(health.single_sign_on).toMatchObject({ issuer, ok: false });
      expect(health.single_sign_on.error).toContain(issuer);
    } finally {
      await app.close();
      await new Promise((resolve) => unreachable.close(resolve));
    }
  });

  it('is off without OIDC_*: no button, and its routes answer 404', async () => {
    const app = await createTestApp();
    try {
      expect((await app.app.inject({ method: 'GET', url: '/api/sso/config' })).json()).toEqual({
        enabled: false,
        provider_name: null,
      });
      expect((await app.app.inject({ method: 'GET', url: '/api/sso/start' })).statusCode).toBe(404);
      const health = (await app.app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(health.single_sign_on).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
