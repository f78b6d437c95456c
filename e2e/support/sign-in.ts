/** Signing in through the sign-in screen, as a user would, for tests about what comes after. */
import type { Page } from 'playwright-core';
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
