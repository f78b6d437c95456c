/**
 * Single sign-on in the browser: a real OpenID provider (the server tests' in-process oidc-provider),
 * a Flare server pointed at it, and a user who signs in there and lands in the dashboard; an address
 * the provider has not verified is refused on the sign-in screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@flare/core/messages';
import { startTestProvider, type TestProvider } from '@flare/server/test/oidc-test-provider';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let provider: TestProvider;
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  provider = await startTestProvider();
  [server, browser] = await Promise.all([startServer({ env: provider.env }), openBrowser()]);
  provider.redirectTo(`${server.url}/api/sso/callback`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.close();
});

/** From Flare's sign-in screen to the provider's login form, signed in there as `email`. */
async function signOnAs(page: Page, email: string) {
  await page.goto(`${server.url}/welcome/signin`);
  const button = page.getByRole('link', { name: 'Sign in with Test Provider' });
  await button.waitFor();
  await expectAccessible(page);
  await button.click();
  await page.waitForURL(`${provider.issuer}/interaction/**`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('single sign-on', () => {
  it('signs a demo user in at the provider and lands them in the dashboard', async () => {
    const page = await browser.newPage();
    try {
      await signOnAs(page, 'admin@springfield-pd.test');
      await page.waitForURL('**/dashboard/**');
      expect(new URL(page.url()).hash).toBe('');
      const dialog = page.getByRole('dialog', { name: 'Support' });
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expectAccessible(page);
      const session = await page.evaluate(() => localStorage.getItem('flare.auth'));
      expect(JSON.parse(session!)).toMatchObject({ refreshToken: expect.any(String) });
    } finally {
      await page.close();
    }
  });

  it('refuses an address the provider has not verified, with its message on the sign-in screen', async () => {
    provider.accounts.set('user@springfield-pd.test', { email_verified: false });
    const page = await browser.newPage();
    try {
      await signOnAs(page, 'user@springfield-pd.test');
      const alert = page.getByRole('alert');
      await alert.getByText(MESSAGES.ssoEmailNotVerified).waitFor();
      expect(new URL(page.url()).pathname).toBe('/welcome/signin');
      expect(new URL(page.url()).hash).toBe('');
      expect(await page.evaluate(() => localStorage.getItem('flare.auth'))).toBeNull();
      await expectAccessible(page);
    } finally {
      await page.close();
    }
  });
});
