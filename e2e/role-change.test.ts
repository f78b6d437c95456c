/**
 * Changing a role in the browser: an Org Admin makes a colleague Media (events only); at their next
 * sign-in the colleague's navigation has lost the Live section and shows only Incidents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signInAs } from './support/sign-in';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const COLLEAGUE = 'user@springfield-pd.test';

async function sectionsAfterSignIn(): Promise<string[]> {
  const page = await browser.newPage();
  try {
    await signInAs(page, server.url, COLLEAGUE);
    return await sectionLabels(page);
  } finally {
    await page.close();
  }
}

async function sectionLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

describe('role change', () => {
  it('an Org Admin makes a User Media; at their next sign-in only Incidents is left', async () => {
    expect(await sectionsAfterSignIn()).toEqual(expect.arrayContaining(['Live', 'Incidents']));

    const admin = await browser.newPage();
    try {
      await signInAs(admin, server.url, 'orgadmin@springfield-pd.test');
      await admin.goto(`${server.url}/dashboard/accounts-new/users`);
      await admin.getByRole('link', { name: 'User Demo' }).click();
      await admin.waitForURL('**/accounts-new/users/*/edit');
      await admin.getByRole('combobox', { name: 'Role' }).click();
      await admin.getByRole('option', { name: 'Media' }).click();
      await expectAccessible(admin);
      await admin.getByRole('button', { name: 'Save' }).click();
      await admin.waitForURL('**/accounts-new/users');
      await admin.getByRole('row').filter({ hasText: COLLEAGUE }).getByText('Media').waitFor();
    } finally {
      await admin.close();
    }

    expect(await sectionsAfterSignIn()).toEqual(['Incidents']);
  });
});
