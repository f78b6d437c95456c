/**
 * An org admin publishes the organisation's incidents for navigation apps: turns the Waze feed on from
 * the account menu, copies the URL shown once (which answers a CIFS document without signing in),
 * makes a new URL (the old one stops working) and turns the feed off. A plain user has no such entry.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const MENU_ENTRY = 'Incident feed for navigation apps';

it('turns the feed on, shows its URL once, replaces it and turns it off', async () => {
  const page = await browser.newPage();
  await signInAs(page, server.url, 'admin@springfield-pd.test');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: MENU_ENTRY }).click();
  const dialog = page.getByRole('dialog', { name: MENU_ENTRY });
  await dialog.getByText('Off', { exact: true }).waitFor();
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const firstUrl = await dialog.getByLabel('JSON feed URL', { exact: true }).inputValue();
  expect(firstUrl).toMatch(/\/api\/feeds\/[\w-]+\/waze\.json$/);
  await dialog.getByText(/^On since /).waitFor();
  const feed = await fetch(firstUrl);
  expect(feed.status).toBe(200);
  expect(await feed.json()).toHaveProperty('incidents');
  const workZones = await fetch(
    await dialog.getByLabel('Work zones (WZDx) feed URL', { exact: true }).inputValue(),
  );
  expect(await workZones.json()).toMatchObject({ type: 'FeatureCollection', feed_info: { version: '4.2' } });
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Make a new URL' }).click();
  await expect
    .poll(() => dialog.getByLabel('JSON feed URL', { exact: true }).inputValue())
    .not.toBe(firstUrl);
  const secondUrl = await dialog.getByLabel('JSON feed URL', { exact: true }).inputValue();
  expect((await fetch(firstUrl)).status).toBe(404);
  expect((await fetch(secondUrl)).status).toBe(200);

  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await dialog.getByText('Off', { exact: true }).waitFor();
  expect(await dialog.getByLabel('JSON feed URL', { exact: true }).count()).toBe(0);
  expect((await fetch(secondUrl)).status).toBe(404);
  await page.close();
});

it('offers the feed only to those who manage the organisation', async () => {
  const page = await browser.newPage();
  await signInAs(page, server.url, 'user@springfield-pd.test');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
  expect(await page.getByRole('menuitem', { name: MENU_ENTRY }).count()).toBe(0);
  // Axe with the menu open: the dropdown's role=menu may hold only menu items (not its name and email).
  await expectAccessible(page);
  await page.close();
});
