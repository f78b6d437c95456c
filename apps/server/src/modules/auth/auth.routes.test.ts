import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { fixtures, type Fixtures } from '../../../test/fixtures';
import { TokenSigner } from './tokens';

let t: TestApp;
let given: Fixtures;
/** An organisation, its admin and a user; a test that suspends, moves or changes one makes its own. */
let SPD: string;
let ADMIN: string;
let USER: string;
beforeAll(async () => {
  t = await createTestApp();
  given = fixtures(t);
  SPD = (await given.organization()).id;
  ADMIN = (await given.user(SPD, 'ADMIN')).email;
  USER = (await given.user(SPD, 'USER')).email;
});
afterAll(() => t.close());

const token = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user_token', payload });
const passwordGrant = (username: string, password = TEST_PASSWORD) =>
  token({ grant_type: 'password', application: 'dashboard', username, password });
const profile = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(accessToken) });

describe('POST /api/user_token, password grant', () => {
  it('signs in a user and returns the token set', async () => {
    const response = await passwordGrant(ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'dashboard' });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThanOrEqual(40);
    expect(Math.abs(body.created_at - Date.now() / 1000)).toBeLessThan(5);
  });

  it('accepts the email in any case', async () => {
    expect((await passwordGrant(ADMIN.toUpperCase())).statusCode).toBe(200);
  });

  it('counts sign-ins', async () => {
    const before = await t.db
      .selectFrom('users')
      .select('sign_in_count')
      .where('email', '=', USER)
      .executeTakeFirstOrThrow();
    await passwordGrant(USER);
    const after = await t.db
      .selectFrom('users')
      .select(['sign_in_count', 'last_sign_in_at'])
      .where('email', '=', USER)
      .executeTakeFirstOrThrow();
    expect(after.sign_in_count).toBe(before.sign_in_count + 1);
    expect(after.last_sign_in_at).toBeInstanceOf(Date);
  });

  // The user's address is known only once set-up has run.
  it.each([
    ['a wrong password', () => ADMIN, 'Wrong!pass1'],
    ['an unknown email', () => 'nobody@fixture.test', TEST_PASSWORD],
  ])('answers 400 "Email and/or password incorrect." for %s', async (_case, email, password) => {
    const response = await passwordGrant(email(), password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_grant', message: 'Email and/or password incorrect.' });
  });

  it.each([
    ['a NUL character', 'admin\u0000@fixture.test', 'username contains a NUL character'],
    ['a lone surrogate', 'admin\ud800@fixture.test', 'username is not valid Unicode text'],
  ])('answers 400 naming the field for a username with %s, never 500', async (_case, username, message) => {
    const response = await passwordGrant(username);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_request', message });
  });

  it('answers 400 for a malformed request', async () => {
    const response = await token({ grant_type: 'password', username: ADMIN });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
  });

  it('refuses applications other than the dashboard', async () => {
    const response = await token({
      grant_type: 'password',
      application: 'kiosk',
      username: ADMIN,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 user_suspended for a suspended user', async () => {
    const { email } = await given.user(SPD, 'USER_EVENTS_ONLY');
    await t.db.updateTable('users').set({ suspended_at: new Date() }).where('email', '=', email).execute();
    const response = await passwordGrant(email);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'user_suspended', message: 'User is suspended.' });
  });

  it('answers 401 not_safetycloud_enabled when the organisation has no dashboard', async () => {
    const org = (await given.organization({ type: 'road_works' })).id;
    const { email } = await given.user(org, 'USER');
    await t.db.updateTable('organizations').set({ dashboard_enabled: false }).where('id', '=', org).execute();
    const response = await passwordGrant(email);
    await t.db.updateTable('organizations').set({ dashboard_enabled: true }).where('id', '=', org).execute();
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('not_safetycloud_enabled');
  });

  it('answers 401 not_authorized_method when the organisation manages sign-in elsewhere', async () => {
    const org = (await given.organization({ type: 'road_works' })).id;
    const { email } = await given.user(org, 'USER');
    await t.db
      .updateTable('organizations')
      .set({ sign_in_method: 'external' })
      .where('id', '=', org)
      .execute();
    const response = await passwordGrant(email);
    await t.db
      .updateTable('organizations')
      .set({ sign_in_method: 'password' })
      .where('id', '=', org)
      .execute();
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('not_authorized_method');
  });

  it('answers 403 when the user may see no dashboard section', async () => {
    await t.db
      .insertInto('roles')
      .values({ id: 90, name: 'NO_ACCESS', description: 'nothing', sort_order: 90 })
      .execute();
    await t.db.insertInto('role_permissions').values({ role_id: 90, permission: 'billing:read' }).execute();
    const { email } = await given.user(SPD, 'USER');
    await t.db.updateTable('users').set({ role_id: 90 }).where('email', '=', email).execute();
    const response = await passwordGrant(email);
    await t.db.updateTable('users').set({ role_id: 2 }).where('email', '=', email).execute();
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Your user is not authorized to access Safety Cloud Dashboard.');
  });
});

describe('POST /api/user_token, refresh grant', () => {
  it.each(['refresh_token', 'refreshToken'])('rotates the refresh token sent as %s', async (field) => {
    const first = (await passwordGrant(ADMIN)).json();
    const response = await token({ grant_type: 'refresh_token', [field]: first.refresh_token });
    expect(response.statusCode).toBe(200);
    const second = response.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.uuid).toBe(first.uuid);
    expect((await profile(second.access_token)).statusCode).toBe(200);
  });

  it('answers 422 for an unknown refresh token', async () => {
    const response = await token({ grant_type: 'refresh_token', refresh_token: 'not-a-token' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Access token is expired or does not exist.');
  });

  it('ends the whole session when a rotated refresh token is used again', async () => {
    const first = (await passwordGrant(ADMIN)).json();
    const second = (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).json();
    const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.statusCode).toBe(422);
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token })).statusCode,
    ).toBe(422);
    expect((await profile(second.access_token)).statusCode).toBe(401);
  });

  it('ends the session when the user has moved to another organisation since signing in', async () => {
    const prairie = (await given.organization({ type: 'acs', manages: [SPD] })).id;
    const { email } = await given.user(prairie, 'USER');
    const first = (await passwordGrant(email)).json();
    const moveTo = (organizationId: string) =>
      t.db.updateTable('users').set({ organization_id: organizationId }).where('email', '=', email).execute();
    await moveTo(SPD);
    try {
      expect((await profile(first.access_token)).statusCode).toBe(401);
      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(refreshed.statusCode).toBe(422);
      // Signing in again gives tokens of the new organisation.
      const again = (await passwordGrant(email)).json();
      expect((await profile(again.access_token)).json().organization_id).toBe(SPD);
    } finally {
      await moveTo(prairie);
    }
  });

  it('answers 400 when neither spelling of the refresh token is sent', async () => {
    expect((await token({ grant_type: 'refresh_token' })).statusCode).toBe(400);
  });
});

describe('POST /api/revoke_token and /api/verify_token', () => {
  it('revoking the refresh token ends the session, access token included', async () => {
    const tokens = (await passwordGrant(ADMIN)).json();
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/verify_token',
      payload: { access_token: tokens.access_token },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      valid: true,
      organization_id: SPD,
    });

    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/revoke_token',
      payload: { token: tokens.refresh_token },
    });
    expect(revoke.json()).toEqual({ revoked: true });
    expect((await profile(tokens.access_token)).statusCode).toBe(401);
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).statusCode,
    ).toBe(422);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/verify_token',
      payload: { access_token: tokens.access_token },
    });
    expect(after.statusCode).toBe(422);
    expect(after.json().message).toBe('Access token is expired or does not exist.');
  });

  it('verifies the access token once per call', async () => {
    const tokens = (await passwordGrant(ADMIN)).json();
    const verify = vi.spyOn(TokenSigner.prototype, 'verify');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/verify_token',
        payload: { access_token: tokens.access_token },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().expires_in).toBeGreaterThan(800);
      expect(verify).toHaveBeenCalledOnce();
    } finally {
      verify.mockRestore();
    }
  });

  it('revoking an unknown token is not an error', async () => {
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/revoke_token',
      payload: { token: 'unknown' },
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ revoked: false });
  });

  it('rejects a forged access token', async () => {
    const tokens = (await passwordGrant(ADMIN)).json();
    const [header, payload] = tokens.access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await profile(forged)).statusCode).toBe(401);
  });
});
