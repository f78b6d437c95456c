/**
 * The R2R section against a real server: two patrol cars report through the OsmAnd port, one with
 * its lights on 150 m from the other; the R2R search lists the alert and, selected, draws both cars
 * on the map. Axe on each view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { expectInsidePanel, expectNoSidewaysScroll } from './support/fits';
import { sendOsmandReport } from './support/osmand';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';
import { renderedValues } from './support/test-map';
import { demoTimeInput } from './support/demo-time';

/** Organisation administrators hold engineer:test, the R2R section's access. */
const ENGINEER = 'orgadmin@springfield-pd.test';
/** Seeded silent and not driven (the simulator is off): their only points are the test's. */
const ALERTING = { id: 'SPD-CAR-110', name: 'Patrol 110' };
const ALERTED = { id: 'SPD-SUV-103', name: 'Sergeant 103' };
/** A minute ago, on a whole second. */
const T = Math.floor((Date.now() - 60_000) / 1000) * 1000;

let browser: Browser;
let server: RunningServer;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  const osmandPort = server.osmandPort;
  const report = (deviceId: string, at: number, lat: number, alerting: boolean) =>
    sendOsmandReport(osmandPort, deviceId, {
      timestamp: String(at / 1000),
      lat: String(lat),
      lon: '-89.65',
      speed: '20',
      alerting: String(alerting),
    });
  await report(ALERTED.id, T, 39.8, false);
  // About 150 m south of it, lights on.
  await report(ALERTING.id, T + 5000, 39.8 - 150 / 111_195, true);
  page = await browser.newPage({ map: 'blank', timezoneId: 'UTC' });
  await signInAs(page, server.url, ENGINEER);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('R2R', () => {
  it('lists the alert of the asset searched and draws both assets on the map', async () => {
    await page.goto(`${server.url}/dashboard/r2r`);
    await page.getByRole('heading', { name: 'R2R' }).waitFor();
    await expectAccessible(page);

    const start = demoTimeInput(T - 5 * 60_000);
    await page.getByRole('combobox', { name: 'Asset' }).click();
    await page.getByRole('combobox', { name: 'Asset' }).fill(ALERTED.name);
    await page.getByRole('option', { name: ALERTED.name, exact: true }).click();
    await page.getByLabel('Date').fill(start.slice(0, 10));
    await page.getByLabel('Start time').fill(start.slice(11, 16));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/thing=/);

    const table = page.getByRole('table', { name: 'R2R alerts' });
    await table.waitFor();
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(2);
    const row = rows.nth(1);
    expect(await row.textContent()).toContain(ALERTING.name);
    expect(await row.textContent()).toContain(ALERTED.name);
    expect(await row.textContent()).toMatch(/15\d m/);
    // The results fit the panel: the rows stack, nothing scrolls sideways.
    await expectNoSidewaysScroll(page);
    await expectInsidePanel(page, table.getByRole('cell'));

    await row.getByRole('button').click();
    await page.waitForURL(/alert=/);
    await expect
      .poll(async () => (await renderedValues(page, 'flare-r2r-assets', 'side')).sort(), { timeout: 15_000 })
      .toEqual(['alerted', 'alerting']);
    await expectAccessible(page);
  });
});
