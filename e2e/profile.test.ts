/**
 * Profile & Preferences in the browser: a user changes their phone and address (the labels follow the
 * country), saves and finds them after a reload; a stored preference is switched off and back on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('profile & preferences', () => {
  it('edit phone and address (US -> CA labels), save, reload; switch a preference off and on', async () => {
    const page = await browser.newPage();
    try {
      await signInAs(page, server.url, 'orgadmin@springfield-pd.test');
      await page
        .getByRole('navigation', { name: 'Account' })
        .getByRole('link', { name: 'Profile & Preferences' })
        .click();
      await page.waitForURL('**/dashboard/accounts');
      await page.getByRole('heading', { name: 'Profile & Preferences' }).waitFor();
      await expectAccessible(page);

      await page.getByRole('textbox', { name: /Phone/ }).fill('+1 555 010 2000');
      await page.getByRole('textbox', { name: 'Address', exact: true }).fill('80 Wellington St');
      await page.getByRole('textbox', { name: 'City' }).fill('Ottawa');
      // The demo user's country is the United States: State and Zip code.
      await page.getByRole('combobox', { name: 'State' }).waitFor();
      await page.getByRole('textbox', { name: 'Zip code' }).fill('K1A 0A2');
      await page.getByRole('combobox', { name: 'Country' }).click();
      await page.getByRole('option', { name: 'Canada' }).click();
      const province = page.getByRole('combobox', { name: 'Province' });
      expect(await province.inputValue()).toBe('');
      await province.click();
      await page.getByRole('option', { name: 'Ontario' }).click();
      await page.getByRole('textbox', { name: 'Postal code' }).waitFor();
      await expectAccessible(page);
      const save = page.getByRole('button', { name: 'Save' });
      await save.click();
      const summary = page.getByRole('table', { name: 'Your profile' });
      await summary.getByText('+1 555 010 2000').waitFor();
      expect(await save.isDisabled()).toBe(true);

      await page.reload();
      await summary.getByText('80 Wellington St, Ottawa, ON K1A 0A2, CA').waitFor();
      expect(await page.getByRole('textbox', { name: /Phone/ }).inputValue()).toBe('+1 555 010 2000');
      expect(await page.getByRole('combobox', { name: 'Province' }).inputValue()).toBe('Ontario');

      const support = page.getByRole('switch', { name: /Support dialog/ });
      expect(await support.isChecked()).toBe(true);
      await support.click({ force: true });
      expect(await support.isChecked()).toBe(false);
      await page.reload();
      expect(await page.getByRole('switch', { name: /Support dialog/ }).isChecked()).toBe(false);
      await page.getByRole('switch', { name: /Support dialog/ }).click({ force: true });
      expect(await page.getByRole('switch', { name: /Support dialog/ }).isChecked()).toBe(true);
      await expectAccessible(page);
    } finally {
      await page.close();
    }
  });
});
