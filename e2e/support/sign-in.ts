/** Signing in through the sign-in screen, as a user would, for tests about what comes after. */
import type { Page } from 'playwright-core';
import type { Browser, PageOptions } from './browser';
import { DEMO_PASSWORD } from './server';

/** Fills the sign-in form (the page must show it). */
export async function fillSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Opens the sign-in page, signs in and closes the Support dialog that greets a first visit. */
export async function signInAs(
  page: Page,
  url: string,
  email: string,
  landing = '**/dashboard/**',
): Promise<void> {
  await page.goto(`${url}/welcome/signin`);
  await fillSignIn(page, email);
  await page.waitForURL(landing);
  const dialog = page.getByRole('dialog', { name: 'Support' });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * A test file's browser context, signed in once as `email` (Support dismissed for good, as a user
 * who ticks "Don't show again"): each test opens the page it needs in a tab of its own, signed in
 * already, instead of signing in again.
 */
export interface SignedInContext {
  /** A new tab on `path` of the server (`/dashboard/...`); `prepare` runs before it loads. */
  open(path: string, prepare?: (page: Page) => Promise<unknown>): Promise<Page>;
}

export async function signedInContext(
  browser: Browser,
  url: string,
  email: string,
  options: PageOptions = {},
): Promise<SignedInContext> {
  const context = await browser.newContext(options);
  const first = await context.newPage();
  await first.goto(`${url}/welcome/signin`);
  await fillSignIn(first, email);
  await first.waitForURL('**/dashboard/**');
  const dialog = first.getByRole('dialog', { name: 'Support' });
  await dialog.getByRole('checkbox', { name: "Don't show again" }).check();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await first.close();
  return {
    async open(path, prepare) {
      const page = await context.newPage();
      await prepare?.(page);
      await page.goto(`${url}${path}`);
      return page;
    },
  };
}
