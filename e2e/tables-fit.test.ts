/**
 * Tables that fit their panel on a 1440×900 desktop: users, organisations, API keys, assets, hazards
 * and R2R results stack their rows in the 400 px panel instead of scrolling sideways, every value still
 * labelled; a wider screen shows them as a table again. (The trips table: trips.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { apiAs } from './support/api';
import { expectInsidePanel, expectNoSidewaysScroll } from './support/fits';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

const ORG_ADMIN = 'orgadmin@springfield-pd.test';
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  const api = await apiAs(server.url, ORG_ADMIN);
  expect(
    (await api('POST', '/api_keys', { description: 'CAD integration of the county dispatch centre' })).status,
  ).toBe(201);
  const hazard = await api('POST', '/hazards', {
    hazard_type: 'debris',
    severity: 'high',
    lat: 39.8,
    lng: -89.65,
  });
  expect(hazard.status, JSON.stringify(hazard.body)).toBe(201);
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, ORG_ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('tables in the 400 px panel at 1440×900', () => {
  it.each([
    ['accounts/users', 'Email'],
    ['accounts/organizations', 'Relationship'],
    ['accounts/integrations', 'Last used'],
    ['accounts-new/assets', 'In service'],
    ['hazards', 'Severity'],
  ])('%s: rows stack with each value labelled, nothing scrolls sideways', async (path, lastLabel) => {
    await page.goto(`${server.url}/dashboard/${path}`);
    const table = page.getByRole('main').getByRole('table').first();
    await table.getByRole('row').nth(1).waitFor();
    await expectNoSidewaysScroll(page);
    await expectInsidePanel(page, table.getByRole('cell'));
    // The column's name is shown beside each value.
    const labelled = await table
      .locator(`td[data-label="${lastLabel}"]`)
      .first()
      .evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(labelled).toBe(`"${lastLabel}"`);
    await expectAccessible(page);
  });

  it('a wide panel shows a plain table', async () => {
    const wide = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(wide, server.url, ORG_ADMIN);
    await wide.goto(`${server.url}/dashboard/accounts/users`);
    const table = wide.getByRole('main').getByRole('table').first();
    await table.getByRole('row').nth(1).waitFor();
    // The same table given room (as on a wider panel) lays its columns side by side.
    await wide.getByRole('main').evaluate((main) => (main.style.width = '1200px'));
    const header = table.locator('thead');
    await expect
      .poll(() => header.evaluate((element) => element.getBoundingClientRect().height))
      .toBeGreaterThan(10);
    await wide.close();
  });
});
