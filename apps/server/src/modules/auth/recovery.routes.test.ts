import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleName } from '@flare/core/labels';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { linkPath, startMailCatcher, type MailCatcher } from '../../../test/mail-catcher';
import { fixtures, type Fixtures } from '../../../test/fixtures';
import { accountMailJob } from './account-mail.job';

let t: TestApp;
let mail: MailCatcher;
let given: Fixtures;
let organization: string;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL: 'https://flare.example.org' });
  given = fixtures(t);
  organization = (await given.organization()).id;
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });
const signIn = (username: string, password = TEST_PASSWORD, extra: Record<string, unknown> = {}) =>
  post('/api/user_token', { grant_type: 'password', application: 'dashboard', username, password, ...extra });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'PUT', url: '/api/reset_password', payload: { token, password } });
const tokenOf = (linkedPath: string) => decodeURIComponent(linkedPath.split('/').at(-1)!);
/** The e-mail of a new user with the role: each test locks, resets or ages an account of its own. */
const newUser = async (role: RoleName) => (await given.user(organization, role)).email;

async function resetLinkFor(email: string): Promise<string> {
  const response = await post('/api/forgot_password', { email });
  expect(response.statusCode).toBe(200);
  return linkPath(await mail.next(email));
}

describe('forgot and reset password', () => {
  it('mails a single-use link that sets a new password meeting the policy', async () => {
    const email = await newUser('USER');
    const before = (await signIn(email)).json();
    const link = await resetLinkFor(email);
    expect(link).toMatch(new RegExp(`^/welcome/reset/${encodeURIComponent(email)}/[\\w-]{40,}$`));
    const token = tokenOf(link);

    const weak = await reset(token, 'password1');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().message).toBe('Password does not fulfill password requirements.');

    const same = await reset(token, TEST_PASSWORD);
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe('Cannot be same as last 10 passwords.');

    const ok = await reset(token, 'New!pass123');
    expect(ok.statusCode).toBe(200);
    expect((await reset(token, 'Other!pass123')).json().message).toBe(
      'Reset token is expired or does not exist.',
    );

    expect((await signIn(email)).statusCode).toBe(400);
    expect((await signIn(email, 'New!pass123')).statusCode).toBe(200);
    // Changing the password ends the sessions opened with the old one.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(before.access_token),
    });
    expect(profile.statusCode).toBe(401);
  });

  it('refuses any of the last 10 passwords', async () => {
    const email = await newUser('USER_EVENTS_ONLY');
    for (const password of ['Hist!ory001', 'Hist!ory002']) {
      expect((await reset(tokenOf(await resetLinkFor(email)), password)).statusCode).toBe(200);
    }
    const reused = await reset(tokenOf(await resetLinkFor(email)), 'Hist!ory001');
    expect(reused.json()).toMatchObject({
      error: 'password_reused',
      message: 'Cannot be same as last 10 passwords.',
    });
    expect((await reset(tokenOf(await resetLinkFor(email)), TEST_PASSWORD)).statusCode).toBe(422);
  });

  it('only the newest link works, and an expired one gives the catalogue message', async () => {
    const email = await newUser('ADMIN');
    const first = tokenOf(await resetLinkFor(email));
    const second = tokenOf(await resetLinkFor(email));
    expect((await reset(first, 'Fresh!pass1')).statusCode).toBe(404);
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    const expired = await reset(second, 'Fresh!pass1');
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe('Reset token is expired or does not exist.');
  });

  it('answers the success text for an unknown email and sends nothing', async () => {
    const count = mail.received.length;
    const response = await post('/api/forgot_password', { email: 'nobody@nowhere.test' });
    expect(response.json()).toEqual({ message: "You'll receive an email if account was found" });
    // The mail is a job queued for any address (the answer tells nothing); once that job is done,
    // whatever it sent has arrived.
    await expect
      .poll(
        async () =>
          (
            await sql<{ state: string }>`select state::text from pgboss.job
              where name = ${accountMailJob.name} and data->>'email' = 'nobody@nowhere.test'`.execute(t.db)
          ).rows.map((row) => row.state),
        { timeout: 30_000 },
      )
      .toEqual(['completed']);
    expect(mail.received.length).toBe(count);
  });

  it('refuses a malformed email with the validation message', async () => {
    const response = await post('/api/forgot_password', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Must be a valid email');
  });

  it('refuses a reset for a suspended user', async () => {
    const email = await newUser('USER');
    const token = tokenOf(await resetLinkFor(email));
    await t.db.updateTable('users').set({ suspended_at: new Date() }).where('email', '=', email).execute();
    const response = await reset(token, 'Fresh!pass1');
    await t.db.updateTable('users').set({ suspended_at: null }).where('email', '=', email).execute();
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('User is suspended. Please contact support');
  });
});

describe('lockout and unlock', () => {
  it('locks after 5 wrong passwords, mails an unlock link, and the link unlocks with the next sign-in', async () => {
    const email = await newUser('MANUFACTURER_ADMIN');
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await signIn(email, 'Wrong!pass1')).statusCode).toBe(400);
    }
    const fifth = await signIn(email, 'Wrong!pass1');
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toMatchObject({
      error: 'locked_out',
      error_description: expect.stringContaining('locked'),
    });

    const link = linkPath(await mail.next(email));
    expect(link).toMatch(new RegExp(`^/welcome/unlock/${encodeURIComponent(email)}/`));
    expect((await signIn(email)).json().error).toBe('locked_out');
    expect((await signIn(email, TEST_PASSWORD, { unlock_token: 'forged' })).json().error).toBe('locked_out');

    const unlocked = await signIn(email, TEST_PASSWORD, { unlock_token: tokenOf(link) });
    expect(unlocked.statusCode).toBe(200);
  });

  it('a wrong password with the unlock link neither unlocks the account nor uses the link up', async () => {
    const email = await newUser('USER_EVENTS_ONLY');
    const unlockTokenUsed = async () =>
      (
        await t.db
          .selectFrom('account_tokens')
          .innerJoin('users', 'users.id', 'account_tokens.user_id')
          .select('account_tokens.used_at')
          .where('users.email', '=', email)
          .where('account_tokens.purpose', '=', 'unlock')
          .executeTakeFirstOrThrow()
      ).used_at !== null;
    for (let i = 0; i < 5; i++) await signIn(email, 'Wrong!pass1');
    const token = tokenOf(linkPath(await mail.next(email)));
    const wrong = await signIn(email, 'Wrong!pass2', { unlock_token: token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Email and/or password incorrect.');
    expect(await unlockTokenUsed()).toBe(false);
    // Still locked without the link, and the link still works with the right password (once).
    expect((await signIn(email)).json().error).toBe('locked_out');
    const unlocked = await signIn(email, TEST_PASSWORD, { unlock_token: token });
    expect(unlocked.statusCode).toBe(200);
    expect(await unlockTokenUsed()).toBe(true);
  });

  it('a successful sign-in resets the count of wrong passwords', async () => {
    const email = await newUser('USER');
    for (let i = 0; i < 4; i++) await signIn(email, 'Wrong!pass1');
    expect((await signIn(email)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(email, 'Wrong!pass1')).statusCode).toBe(400);
  });

  it('POST /api/unlock_account mails a new unlock link to a locked account', async () => {
    const email = await newUser('USER_EVENTS_ONLY');
    for (let i = 0; i < 5; i++) await signIn(email, 'Wrong!pass1');
    await mail.next(email);
    const response = await post('/api/unlock_account', { email });
    expect(response.json()).toEqual({ message: "You'll receive an email if account was found" });
    const link = linkPath(await mail.next(email));
    expect((await signIn(email, TEST_PASSWORD, { unlock_token: tokenOf(link) })).statusCode).toBe(200);
  });
});

describe('expiry', () => {
  it('an account unused for too long answers 401 expired until the password is reset', async () => {
    const email = await newUser('ADMIN');
    const longAgo = new Date(Date.now() - 400 * 86_400_000);
    await t.db
      .updateTable('users')
      .set({ last_sign_in_at: longAgo, password_changed_at: longAgo, created_at: longAgo })
      .where('email', '=', email)
      .execute();
    const response = await signIn(email);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      error: 'expired',
      message: 'Your account has expired due to inactivity.',
    });
    expect((await reset(tokenOf(await resetLinkFor(email)), 'Back!again1')).statusCode).toBe(200);
    expect((await signIn(email, 'Back!again1')).statusCode).toBe(200);
  });

  it('a password older than 90 days answers password_expired with a token to choose a new one', async () => {
    const email = await newUser('MANUFACTURER_ADMIN');
    await t.db
      .updateTable('users')
      .set({ password_changed_at: new Date(Date.now() - 91 * 86_400_000), last_sign_in_at: new Date() })
      .where('email', '=', email)
      .execute();
    const response = await signIn(email);
    expect(response.statusCode).toBe(401);
    const body = response.json();
    expect(body.error).toBe('password_expired');
    expect((await reset(body.reset_token, 'Renewed!pw1')).statusCode).toBe(200);
    expect((await signIn(email, 'Renewed!pw1')).statusCode).toBe(200);
  });
});

describe('abuse resistance', () => {
  it('limits public auth calls per e-mail address', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_EMAIL: '3' });
    try {
      const givenLimited = fixtures(limited);
      const organization = (await givenLimited.organization()).id;
      const user = await givenLimited.user(organization, 'USER');
      const admin = await givenLimited.user(organization, 'ADMIN');
      const forgot = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/forgot_password',
          payload: { email: user.email },
        });
      for (let i = 0; i < 3; i++) expect((await forgot()).statusCode).toBe(200);
      const refused = await forgot();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many attempts. Please wait a few minutes and try again.');
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/forgot_password',
        payload: { email: admin.email },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits public auth calls per IP', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_IP: '2' });
    try {
      const verify = () =>
        limited.app.inject({ method: 'POST', url: '/api/verify_token', payload: { access_token: 'x' } });
      expect((await verify()).statusCode).toBe(422);
      expect((await verify()).statusCode).toBe(422);
      const refused = await verify();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('can reveal unknown emails with the catalogue 404 when the operator chooses to', async () => {
    const revealing = await createTestApp({ REVEAL_UNKNOWN_EMAILS: 'true' });
    try {
      for (const url of ['/api/forgot_password', '/api/unlock_account']) {
        const response = await revealing.app.inject({
          method: 'POST',
          url,
          payload: { email: 'nobody@nowhere.test' },
        });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe("There's no user with such email.");
      }
    } finally {
      await revealing.close();
    }
  });
});

describe('outbox without SMTP', () => {
  it('writes each message as an .eml file under the data folder', async () => {
    const offline = await createTestApp();
    try {
      const givenOffline = fixtures(offline);
      const { email } = await givenOffline.user((await givenOffline.organization()).id, 'USER');
      await offline.app.inject({
        method: 'POST',
        url: '/api/forgot_password',
        payload: { email },
      });
      const outbox = path.join(offline.dataDir, 'outbox');
      const files = () => {
        try {
          return readdirSync(outbox);
        } catch {
          return [];
        }
      };
      await expect.poll(files, { timeout: 30_000 }).toHaveLength(1);
      const eml = await simpleParser(readFileSync(path.join(outbox, files()[0]!)));
      expect(eml.subject).toBe('Reset your Flare password');
      const linked = encodeURIComponent(email).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(eml.text).toMatch(new RegExp(`/welcome/reset/${linked}/[\\w-]{40,}`));
    } finally {
      await offline.close();
    }
  });
});
