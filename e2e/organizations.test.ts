/**
 * Organisations in the browser: an Org Admin moves the organisation's address from the US to Canada
 * (the labels follow, the state is cleared) and saves; a platform administrator creates an
 * organisation with its map position and its first Org Admin, who is mailed an invitation, sets a
 * password and finds the map open on the organisation's town (it has nothing else to show yet). In
 * the Assets tab an Org Admin registers an asset, sets its device model and ports, and downloads its
 * device configuration.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '@flare/server/test/mail-catcher';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { fillSignIn, signInAs } from './support/sign-in';

interface MapWindow {
  __flareMap?: { loaded(): boolean; getCenter(): { lat: number; lng: number } };
}

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

describe('organizations', () => {
  it("an Org Admin moves the organisation's address to Canada and sees it saved", async () => {
    const page = await browser.newPage();
    try {
      await signInAs(page, server.url, 'orgadmin@springfield-pd.test');
      await page.goto(`${server.url}/dashboard/accounts-new/organizations`);
      await page.getByRole('heading', { name: 'Organizations (2)' }).waitFor();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Springfield Police Department' }).click();
      await page.waitForURL('**/accounts-new/organizations/*/edit');
      await page.getByRole('combobox', { name: /State/ }).waitFor();
      await page.getByRole('textbox', { name: 'Zip code' }).waitFor();
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await expectAccessible(page);

      await page.getByRole('combobox', { name: /Country/ }).click();
      await page.getByRole('option', { name: 'Canada' }).click();
      const province = page.getByRole('combobox', { name: /Province/ });
      expect(await province.inputValue()).toBe('');
      await page.getByRole('textbox', { name: 'Postal code' }).waitFor();
      await page.getByRole('textbox', { name: /^City/ }).fill('Ottawa');
      await province.click();
      await page.getByRole('option', { name: 'Ontario' }).click();
      await page.getByRole('textbox', { name: 'Postal code' }).fill('k1a 0b1');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/accounts-new/organizations');
      const row = page.getByRole('row').filter({ hasText: 'Springfield Police Department' });
      await row.getByText(/Ottawa, ON K1A 0B1, CA/).waitFor();

      await row.getByRole('link').click();
      expect(await page.getByRole('combobox', { name: /Province/ }).inputValue()).toBe('Ontario');
      expect(await page.getByRole('textbox', { name: 'Postal code' }).inputValue()).toBe('K1A 0B1');
    } finally {
      await page.close();
    }
  });

  it('shows the organisations at once after a reload, from what the tab kept, while the server is asked again', async () => {
    const page = await browser.newPage();
    try {
      await signInAs(page, server.url, 'orgadmin@springfield-pd.test');
      await page.goto(`${server.url}/dashboard/accounts-new/organizations`);
      const heading = page.getByRole('heading', { name: /^Organizations \(\d+\)$/ });
      await heading.waitFor();
      // The list's request after the reload is held: what shows comes from the tab's session storage.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/organizations', async (route) => {
        await held;
        await route.continue();
      });
      await page.reload();
      await heading.waitFor();
      await page.getByRole('link', { name: 'Springfield Police Department' }).waitFor();
      release();
    } finally {
      await page.close();
    }
  });

  it('a platform administrator creates an organisation whose first Org Admin is mailed an invitation', async () => {
    const email = 'lena@lakeside-towing.test';
    const page = await browser.newPage();
    try {
      await signInAs(page, server.url, 'platform@prairie-fleet.test');
      await page.goto(`${server.url}/dashboard/accounts/organizations`);
      await page.getByRole('heading', { name: 'Organizations (3)' }).waitFor();
      await page.getByRole('link', { name: 'New organization' }).click();
      await page.waitForURL('**/accounts/organizations/new');
      await page.getByRole('textbox', { name: /^Name/ }).fill('Lakeside Towing');
      await page.getByRole('combobox', { name: /Organization type/ }).click();
      await page.getByRole('option', { name: 'Tow' }).click();
      await page.getByRole('textbox', { name: /^Address( \*)?$/ }).fill('2 Lake Road');
      await page.getByRole('textbox', { name: /^City/ }).fill('Peoria');
      await page.getByRole('combobox', { name: /State/ }).click();
      await page.getByRole('option', { name: 'Illinois' }).click();
      await page.getByRole('textbox', { name: 'Zip code' }).fill('61602');
      const position = page.getByRole('textbox', { name: 'Map position (lat, lng)' });
      await position.fill('40.69, nowhere');
      await position.blur();
      await page.getByText('Invalid coordinates').waitFor();
      await position.fill('40.6936, -89.589');
      await page.getByText('Invalid coordinates').waitFor({ state: 'detached' });
      await page.getByRole('textbox', { name: /First name/ }).fill('Lena');
      await page.getByRole('textbox', { name: /Last name/ }).fill('Lake');
      await page.getByRole('textbox', { name: /Admin email/ }).fill(email);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Create and invite' }).click();
      await page.waitForURL('**/accounts/organizations');
      await page.getByRole('heading', { name: 'Organizations (4)' }).waitFor();
      await page
        .getByRole('row')
        .filter({ hasText: 'Lakeside Towing' })
        .getByText('Tow', { exact: true })
        .waitFor();

      const invitation = await mail.next(email);
      expect(invitation.subject).toBe('You have been invited to Lakeside Towing on Flare');
      const link = /(https?:\/\/\S+\/welcome\/reset\/\S+)/.exec(invitation.text)?.[1];
      expect(link).toBeDefined();

      const lena = await browser.newPage({ map: 'blank' });
      try {
        await lena.goto(link!);
        await lena.getByLabel('New password').fill('Lakeside!2026');
        await lena.getByLabel('Confirm password').fill('Lakeside!2026');
        await lena.getByRole('button', { name: 'Save Password' }).click();
        await lena.waitForURL('**/welcome/signin');
        await fillSignIn(lena, email, 'Lakeside!2026');
        await lena.waitForURL('**/dashboard/**');
        await lena.waitForFunction(() => (window as MapWindow).__flareMap?.loaded() === true);
        const centre = await lena.evaluate(() => (window as MapWindow).__flareMap!.getCenter());
        expect(centre.lat).toBeCloseTo(40.6936, 3);
        expect(centre.lng).toBeCloseTo(-89.589, 3);
      } finally {
        await lena.close();
      }
    } finally {
      await page.close();
    }
  });
});

describe('assets tab', () => {
  it('an Org Admin registers an asset, sets its device model and ports, and downloads its configuration', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    try {
      await signInAs(page, server.url, 'orgadmin@capital-roadworks.test');
      await page.goto(`${server.url}/dashboard/accounts-new`);
      await page.waitForURL('**/accounts-new/organizations');
      const tabs = page.getByRole('navigation', { name: 'Account screens' });
      await tabs.getByRole('link', { name: 'Assets' }).waitFor();
      expect(await tabs.getByRole('link').allTextContents()).toEqual([
        'Organizations',
        'Profile',
        'Users',
        'Assets',
        'Integrations',
        'Billing',
        'Settings',
      ]);
      await tabs.getByRole('link', { name: 'Assets' }).click();
      const table = page.getByRole('table');
      await table.getByText(/^Capital Road Works: \d+ assets$/).waitFor();
      await expectAccessible(page);

      await page.getByRole('link', { name: 'Register Asset' }).click();
      await page.waitForURL('**/accounts-new/assets/new');
      await page.getByRole('textbox', { name: /Device Id/ }).fill('CRW-SIGN-1');
      await page.getByRole('combobox', { name: /Type/ }).click();
      await page.getByRole('option', { name: 'Arrow Board' }).click();
      await page.getByRole('combobox', { name: /Organization/ }).click();
      await page.getByRole('option', { name: 'Capital Road Works' }).click();
      await page.getByRole('button', { name: 'Create' }).click();
      const credential = page.getByRole('dialog', { name: 'Device credential' });
      await credential.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL(/\/dashboard\/things\/[0-9a-f-]{36}$/);

      const configuration = page.getByRole('region', { name: 'Device configuration' });
      await configuration.getByRole('combobox', { name: 'Device model' }).selectOption('IBR1700');
      await configuration.getByRole('combobox', { name: 'Port P1' }).selectOption('output');
      await configuration.getByRole('combobox', { name: 'Port E2' }).selectOption('both');
      await configuration.getByRole('button', { name: 'Save configuration' }).click();
      await configuration.getByRole('status').filter({ hasText: 'Device configuration saved' }).waitFor();
      await expectAccessible(page);

      // Back in the tab, the download goes by keyboard.
      await page.goto(`${server.url}/dashboard/accounts-new/assets`);
      const download = page.getByRole('button', { name: 'Download device configuration of CRW-SIGN-1' });
      await download.focus();
      const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(file.suggestedFilename()).toBe('crw-sign-1-configuration.json');
      expect(JSON.parse(await readFile(await file.path(), 'utf8'))).toMatchObject({
        systemId: 'CRW-SIGN-1',
        heartbeatInterval: 2,
        r2r: { onPeriod: 1.1, onPulse: 0.2, offPulse: 0.25, offPeriod: 0.5, alertLength: 10 },
        deviceModel: 'IBR1700',
        ports: { P1: 'output', E2: 'both' },
      });
    } finally {
      await page.close();
    }
  });
});
