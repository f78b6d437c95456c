/**
 * Account security in the browser: password recovery through a real e-mail, lockout and unlock,
 * the expiry and inactivity rules on a controllable clock, and sign-in with tokens in the URL.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@flare/core/messages';
import { startMailCatcher, type MailCatcher } from '@flare/server/test/mail-catcher';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { runClockUntil } from './support/clock';
import { DEMO_PASSWORD, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
  [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: mail.url } }), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.close();
});

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function closeSupport(page: Page) {
  await page
    .getByRole('dialog', { name: 'Support' })
    .getByRole('button', { name: 'Close', exact: true })
    .click();
}

/** The dashboard link in the newest mail to `to`. */
async function mailedLink(to: string): Promise<string> {
  const message = await mail.next(to);
  const link = /(https?:\/\/\S+\/welcome\/\S+)/.exec(message.text)?.[1];
  if (!link) throw new Error(`no link in:\n${message.text}`);
  return link;
}

describe('password recovery', () => {
  it('forgot -> e-mail -> reset with the policy -> back to sign-in -> sign in with the new password', async () => {
    const email = 'user@capital-roadworks.test';
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/welcome/signin`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/welcome/forgot?email=*');
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText(MESSAGES.forgotSuccess).waitFor();

      await page.goto(await mailedLink(email));
      await page.getByLabel('New password').fill('weakpass');
      await page.getByLabel('Confirm password').fill('weakpass1');
      await page.getByRole('button', { name: 'Save Password' }).click();
      await page.getByText('One number').first().waitFor();
      await page.getByText(MESSAGES.passwordMismatch).waitFor();
      await page.getByText(MESSAGES.passwordExpiryNote).waitFor();
      await expectAccessible(page);

      await page.getByLabel('New password').fill(DEMO_PASSWORD);
      await page.getByLabel('Confirm password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Save Password' }).click();
      await page.getByText(MESSAGES.passwordReused).waitFor();

      await page.getByLabel('New password').fill('Brand!new2026');
      await page.getByLabel('Confirm password').fill('Brand!new2026');
      await page.getByRole('button', { name: 'Save Password' }).click();
      await page.getByText(MESSAGES.passwordSaved).waitFor();
      await page.waitForURL('**/welcome/signin');
      await fillSignIn(page, email, 'Brand!new2026');
      await page.waitForURL('**/dashboard/things');
    } finally {
      await page.close();
    }
  });

  it('a used reset link gives the catalogue message', async () => {
    const email = 'media@capital-roadworks.test';
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/welcome/forgot?email=${encodeURIComponent(email)}`);
      await page.getByRole('button', { name: 'Reset password' }).click();
      const link = await mailedLink(email);
      for (const password of ['First!pass1', 'Second!pass2']) {
        await page.goto(link);
        await page.getByLabel('New password').fill(password);
        await page.getByLabel('Confirm password').fill(password);
        await page.getByRole('button', { name: 'Save Password' }).click();
      }
      await page.getByText(MESSAGES.resetTokenExpired).waitFor();
    } finally {
      await page.close();
    }
  });
});

describe('lockout', () => {
  it('locks after 5 wrong passwords, shows the reason, and the mailed unlock link opens it again', async () => {
    const email = 'orgadmin@capital-roadworks.test';
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/welcome/signin`);
      for (let attempt = 1; attempt <= 4; attempt++) {
        await fillSignIn(page, email, 'Wrong!pass1');
        await page.getByText(MESSAGES.wrongCredentials).waitFor();
      }
      await fillSignIn(page, email, 'Wrong!pass1');
      await page.getByText(MESSAGES.lockedOut).waitFor();
      await expectAccessible(page);

      await page.goto(await mailedLink(email));
      await page.waitForURL('**/welcome/unlock/**');
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/dashboard/things');
    } finally {
      await page.close();
    }
  });
});

describe('session rules on a controllable clock', () => {
  it('after 4 hours without activity asks to stay signed in, then signs out after 10 s', async () => {
    const page = await browser.newPage();
    try {
      await page.clock.install();
      await page.goto(`${server.url}/welcome/signin`);
      await fillSignIn(page, 'user@springfield-pd.test', DEMO_PASSWORD);
      await page.waitForURL('**/dashboard/things');
      await closeSupport(page);

      // Hours pass as with a laptop's lid closed: the page's timers due meanwhile fire once, at the end
      // (firing every one of them on the way costs minutes).
      await page.clock.fastForward(4 * 3_600_000 + 2_000);
      const prompt = page.getByRole('dialog', { name: MESSAGES.inactivityPrompt });
      await prompt.waitFor();
      await expectAccessible(page);
      await prompt.getByRole('button', { name: MESSAGES.staySignedIn, exact: true }).click();
      await prompt.waitFor({ state: 'hidden' });

      await page.clock.fastForward(3 * 3_600_000);
      expect(await prompt.count()).toBe(0);
      await page.clock.fastForward(3_600_000 + 2_000);
      await prompt.waitFor();
      await page.clock.runFor(10_000);
      await page.getByRole('dialog', { name: MESSAGES.sessionExpiredActivity }).waitFor();
      await page.clock.runFor(3_000);
      await page.waitForURL('**/welcome/signin');
      await page.getByText(MESSAGES.sessionExpiredActivity).waitFor();
    } finally {
      await page.close();
    }
  });

  it('a session that can no longer be refreshed shows "Session Expired" and signs out after 3 s', async () => {
    // Its own server, of one-minute access tokens: the refresh falls due within a minute of the page's clock.
    const shortTokens = await startServer({ env: { ACCESS_TOKEN_TTL: '60' } });
    onTestFinished(() => shortTokens.stop());
    const page = await browser.newPage();
    try {
      await page.clock.install();
      await page.goto(`${shortTokens.url}/welcome/signin`);
      await fillSignIn(page, 'admin@springfield-pd.test', DEMO_PASSWORD);
      await page.waitForURL('**/dashboard/things');
      await closeSupport(page);
      const { refreshToken } = await page.evaluate(
        () => JSON.parse(localStorage.getItem('flare.auth')!) as { refreshToken: string },
      );
      await fetch(`${shortTokens.url}/api/revoke_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: refreshToken }),
      });
      const expired = page.getByRole('dialog', { name: MESSAGES.sessionExpired });
      // The page learns it over the network: the server closes its live-feed socket and the page checks
      // its session, or its refresh, due 10 s before the one-minute token expires, is refused. Its clock
      // moves on a second at a time until the alert shows, never past the alert's 3 s.
      await runClockUntil(page, () => expired.isVisible(), 1_000);
      expect(page.url()).toContain('/dashboard/');
      await page.clock.runFor(3_000);
      await page.waitForURL('**/welcome/signin');
    } finally {
      await page.close();
    }
  });

  it('signs in at once with an access token (over 400 characters) and a refresh token in the URL', async () => {
    const response = await fetch(`${server.url}/api/user_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        username: 'admin@springfield-pd.test',
        password: DEMO_PASSWORD,
      }),
    });
    const tokens = (await response.json()) as { access_token: string; refresh_token: string };
    expect(tokens.access_token.length).toBeGreaterThan(400);
    const page = await browser.newPage();
    try {
      const query = new URLSearchParams({
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
      });
      await page.goto(`${server.url}/welcome/signin?${query.toString()}`);
      await page.waitForURL('**/dashboard/things');
    } finally {
      await page.close();
    }
  });
});
