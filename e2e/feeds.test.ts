/**
 * The feeds for navigation apps, found where the people who need them work: a road-works Admin finds
 * the WZDx feed in Closures, turns it on, sees the same URL whenever the dialog opens again and gets a
 * new one only when asked (and confirmed); a dispatch Admin finds the Waze feed in Incidents; the
 * account menu's entry holds every feed the user manages; a plain user and Media see none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const MENU_ENTRY = 'Feeds for navigation apps';
const WORK_ZONES = 'Work-zone feed (WZDx)';
const INCIDENTS = 'Incident feed (Waze)';
const WZDX_URL = 'WZDx work zones URL';
const WAZE_URL = 'Waze for Cities (CIFS) JSON URL';

async function openFeed(page: Page, button: string, title: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

const closeDialog = async (page: Page) => {
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
};

describe('the feeds for navigation apps', () => {
  it('a road-works Admin finds the WZDx feed in Closures, sees its URL again at any time, and renews it only when asked', async () => {
    const page = await browser.newPage();
    await signInAs(page, server.url, 'admin@capital-roadworks.test');
    await page.goto(`${server.url}/dashboard/closures`);
    let dialog = await openFeed(page, 'WZDx feed', WORK_ZONES);
    await dialog.getByText('Off', { exact: true }).waitFor();
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByText(/^On since /).waitFor();
    const url = dialog.getByLabel(WZDX_URL, { exact: true });
    const first = await url.inputValue();
    expect(first).toMatch(/\/api\/feeds\/[\w-]+\/wzdx\.json$/);
    expect(await (await fetch(first)).json()).toMatchObject({
      type: 'FeatureCollection',
      feed_info: { version: '4.2' },
    });
    expect(await dialog.getByLabel('WZDx work-zone devices URL', { exact: true }).inputValue()).toMatch(
      /\/wzdx-devices\.json$/,
    );
    await dialog.getByRole('button', { name: `Copy the ${WZDX_URL}` }).waitFor();
    await expectAccessible(page);

    // Closed and opened again: the same URL, to copy again.
    await closeDialog(page);
    dialog = await openFeed(page, 'WZDx feed', WORK_ZONES);
    expect(await dialog.getByLabel(WZDX_URL, { exact: true }).inputValue()).toBe(first);

    // A new URL is asked for, and confirmed, before the current one stops working.
    await dialog.getByRole('button', { name: 'Make a new URL' }).click();
    await dialog
      .getByText('The current URL stops working for every app that reads it.', { exact: false })
      .waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.getByLabel(WZDX_URL, { exact: true }).inputValue()).toBe(first);
    expect((await fetch(first)).status).toBe(200);
    await dialog.getByRole('button', { name: 'Make a new URL' }).click();
    await dialog.getByRole('button', { name: 'Make a new URL' }).click();
    await expect.poll(() => dialog.getByLabel(WZDX_URL, { exact: true }).inputValue()).not.toBe(first);
    const second = await dialog.getByLabel(WZDX_URL, { exact: true }).inputValue();
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);

    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await dialog.getByText('Off', { exact: true }).waitFor();
    expect(await dialog.getByLabel(WZDX_URL, { exact: true }).count()).toBe(0);
    expect((await fetch(second)).status).toBe(404);
    await page.close();
  });

  it('a dispatch Admin finds the Waze feed in Incidents, and the account menu holds every feed they manage', async () => {
    const page = await browser.newPage();
    await signInAs(page, server.url, 'admin@springfield-pd.test');
    await page.goto(`${server.url}/dashboard/events`);
    const dialog = await openFeed(page, 'Waze feed', INCIDENTS);
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const waze = await dialog.getByLabel(WAZE_URL, { exact: true }).inputValue();
    expect(await (await fetch(waze)).json()).toHaveProperty('incidents');
    await closeDialog(page);

    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: MENU_ENTRY }).click();
    const all = page.getByRole('dialog', { name: MENU_ENTRY });
    const incidents = all.getByRole('region', { name: INCIDENTS });
    expect(await incidents.getByLabel(WAZE_URL, { exact: true }).inputValue()).toBe(waze);
    // Its own secret: the work-zone feed is still off.
    await all.getByRole('region', { name: WORK_ZONES }).getByText('Off', { exact: true }).waitFor();
    await expectAccessible(page);
    await page.close();
  });

  it('offers no feed to a plain user or to Media', async () => {
    for (const [email, section] of [
      ['user@springfield-pd.test', 'events'],
      ['media@springfield-pd.test', 'events'],
    ] as const) {
      const page = await browser.newPage();
      await signInAs(page, server.url, email);
      await page.goto(`${server.url}/dashboard/${section}`);
      await page.getByRole('heading', { name: 'Incidents' }).waitFor();
      expect(await page.getByRole('button', { name: 'Waze feed' }).count()).toBe(0);
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
      expect(await page.getByRole('menuitem', { name: MENU_ENTRY }).count()).toBe(0);
      // Axe with the menu open: the dropdown's role=menu may hold only menu items (not its name and email).
      await expectAccessible(page);
      await page.close();
    }
  });
});
