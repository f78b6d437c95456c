/**
 * Hazards against a real server: an administrator reports a hazard from the Live map's right-click
 * menu (type, severity, note, photo), finds it in the Hazards section's report and on its map layer,
 * opens it (photo included) and resolves it. Axe on each screen and dialog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';
import { rightClickMap } from './support/test-map';

/** Admins hold hazard:manage: report, see and resolve. */
const ADMIN = 'admin@springfield-pd.test';
/** A 1×1 PNG. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const NOTE = 'Black ice on the overpass';
/** Where the hazard was reported, as the form showed it ("lat, lng"). */
let reportedAt = '';

let browser: Browser;
let server: RunningServer;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  page = await browser.newPage({ map: 'blank' });
  await signInAs(page, server.url, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('hazards', () => {
  it('reports a hazard from the right-click menu of the Live map, where it shows at once', async () => {
    await page.getByRole('grid', { name: 'Assets' }).waitFor();
    const at = await rightClickMap(page);
    const menu = page.getByRole('menu', { name: 'Map point' });
    await menu.getByRole('menuitem', { name: 'Report hazard' }).click();

    const dialog = page.getByRole('dialog', { name: 'Report hazard' });
    reportedAt = (await dialog.getByText(/^Location: /).textContent())!.replace('Location: ', '');
    const [lat, lng] = reportedAt.split(', ').map(Number);
    expect([lat, lng]).toEqual([Number(at.lat.toFixed(5)), Number(at.lng.toFixed(5))]); // shown to 5 decimals (about 1 m)
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Report' }).click();
    await dialog.getByText('Select a hazard type').last().waitFor();

    await dialog.getByLabel('Hazard type').click();
    await page.getByRole('option', { name: 'Ice' }).click();
    await dialog.getByRole('radio', { name: 'High' }).check();
    await dialog.getByLabel('Note').fill(NOTE);
    // The empty photo field says what it is for.
    await dialog.getByText('Choose a photo…').waitFor();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'overpass.png',
      mimeType: 'image/png',
      buffer: PHOTO,
    });
    await dialog.getByRole('button', { name: 'Report' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Hazard reported' }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // On the live map at once, among its open hazards, which its toggle hides and shows again.
    const marker = page.getByRole('button', { name: 'Ice hazard, high severity, open' });
    await marker.waitFor();
    const toggle = page.getByRole('button', { name: 'Open hazards on the map' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page);
    await toggle.click();
    await marker.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await marker.waitFor();
  });

  it('finds it in the Hazards report and on the map, opens it and resolves it', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Hazards' }).click();
    const table = page.getByRole('table', { name: 'Hazards' });
    await table.waitFor();
    await page.waitForURL(/types=all/);
    await expectAccessible(page);
    const row = table.getByRole('row').filter({ hasText: 'Ice' });
    expect(await row.textContent()).toMatch(/Ice.*High.*Open/);
    await page.getByRole('button', { name: 'Ice hazard, high severity, open' }).waitFor();

    await row.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Ice' }).waitFor();
    const panel = page.getByRole('main');
    for (const text of ['Admin Demo', NOTE, reportedAt]) await panel.getByText(text).waitFor();
    const photo = panel.getByRole('img', { name: 'Photo of the hazard' });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await expectAccessible(page);

    await panel.getByRole('button', { name: 'Resolve' }).click();
    const confirm = page.getByRole('dialog', { name: 'Resolve hazard' });
    await confirm.waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Resolve' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await panel.getByText('Resolved by').waitFor();
    expect(await panel.getByRole('button', { name: 'Resolve' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Ice hazard, high severity, resolved' }).waitFor();
    await expectAccessible(page);

    // Back in the report, open hazards only: none left.
    await panel.getByRole('button', { name: 'Back to the report' }).click();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('open');
    await page.getByRole('button', { name: 'Show Hazards' }).click();
    await page.getByText('No hazards match this report').waitFor();
  });
});
