/**
 * Switching organisations: an administrator of an acs fleet-services company that manages two other
 * organisations picks Springfield PD from the organisation list; the Live list and map, the live feed
 * and the section labels follow it, the choice survives a reload, and switching back restores the
 * company's own view. Every screen passes axe.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { sendOsmandReport } from './support/osmand';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

const ACS_ADMIN = 'admin@prairie-fleet.test';
const OWN = 'Prairie State Fleet Services';
const MANAGED = 'Springfield Police Department';

let browser: Browser;
let server: RunningServer;
let page: Page;
let osmandPort: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  osmandPort = server.osmandPort;
  page = await browser.newPage();
  await signInAs(page, server.url, ACS_ADMIN, '**/dashboard/things');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const assets = () => page.getByRole('grid', { name: 'Assets' });
const row = (name: string) => assets().getByRole('row').filter({ hasText: name });
const sections = () => page.getByRole('navigation', { name: 'Sections' });
const switcher = () => page.getByRole('button', { name: /^Organization: / });

async function switchTo(name: string) {
  // A control that says it opens a list, and whether the list is open.
  expect(await switcher().getAttribute('aria-haspopup')).toBe('dialog');
  expect(await switcher().getAttribute('aria-expanded')).toBe('false');
  await switcher().click();
  const list = page.getByRole('list', { name: 'Organizations' });
  await list.waitFor();
  expect(await switcher().getAttribute('aria-expanded')).toBe('true');
  await list.getByRole('listitem').filter({ hasText: name }).click();
}

it('follows the organisation picked from the list, across a reload, with the live feed', async () => {
  await row('Tow 101').waitFor();
  await expect.poll(() => switcher().getAttribute('aria-label')).toContain(OWN);
  await sections().getByRole('link', { name: 'Events', exact: true }).waitFor();

  await switcher().click();
  await page.getByText('Organizations (3)', { exact: true }).waitFor();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await switchTo(MANAGED);
  await row('Patrol 101').waitFor();
  expect(await row('Tow 101').count()).toBe(0);
  // Springfield's assets are all responders: its events are "Incidents".
  await sections().getByRole('link', { name: 'Incidents', exact: true }).waitFor();
  await expectAccessible(page);

  // The live feed now carries Springfield's reports.
  await sendOsmandReport(osmandPort, 'SPD-CAR-102', { alerting: '1', speed: '25' });
  await expect
    .poll(() => row('Patrol 102').locator('[role="img"][aria-label]').first().getAttribute('aria-label'), {
      timeout: 15_000,
    })
    .toBe('Responding');

  await page.reload();
  await row('Patrol 101').waitFor();
  await expect.poll(() => switcher().getAttribute('aria-label')).toContain(MANAGED);

  await switchTo(OWN);
  await row('Tow 101').waitFor();
  expect(await row('Patrol 101').count()).toBe(0);
  await sections().getByRole('link', { name: 'Events', exact: true }).waitFor();
});

it('offers Add (areas, zones) only where it saves: in a managed organisation an administrator who is not a platform administrator has none', async () => {
  await page.goto(`${server.url}/dashboard/areas`);
  const main = page.getByRole('main');
  await main.getByText(/^Showing \(\d+\/\d+\)$/).waitFor();
  // In the own organisation, Add (new areas are its own).
  await main.getByRole('link', { name: 'Add' }).waitFor();
  await switchTo(MANAGED);
  await expect.poll(() => switcher().getAttribute('aria-label')).toContain(MANAGED);
  await main.getByText(/^Showing \(\d+\/\d+\)$/).waitFor();
  // A new area would belong to Springfield, which only a platform administrator may add to.
  expect(await main.getByRole('link', { name: 'Add' }).count()).toBe(0);
  await expectAccessible(page);
  // Alerting zones the same.
  await page.goto(`${server.url}/dashboard/zones`);
  await main.getByText(/^Showing \(\d+\/\d+\)$/).waitFor();
  expect(await main.getByRole('link', { name: 'Add' }).count()).toBe(0);
  await switchTo(OWN);
  await main.getByRole('link', { name: 'Add' }).waitFor();
  await page.goto(`${server.url}/dashboard/areas`);
  await main.getByRole('link', { name: 'Add' }).waitFor();
});
