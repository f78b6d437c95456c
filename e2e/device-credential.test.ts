/**
 * An administrator gives a demo asset its own device credential from the asset detail panel: the QR
 * code shown once is what Traccar Client scans, and a report sent to the address it holds moves the
 * asset. Once the asset is no longer a legacy device, its System Id alone moves nothing.
 */
import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import { demoThingId } from '@flare/server/src/seed/demo-fleet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { decodePng } from './support/pixels';
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

/** The text of the QR code on screen, read from a screenshot as a phone's camera would. */
async function scan(page: Page, code: Locator): Promise<string | null> {
  const { data, width, height } = await decodePng(page, await code.screenshot());
  return jsQR(data, width, height)?.data ?? null;
}

/** What Traccar Client sends to the server URL it was given. */
async function report(serverUrlWithId: string, lat: number): Promise<number> {
  const url = new URL(serverUrlWithId);
  url.searchParams.set('lat', String(lat));
  url.searchParams.set('lon', '-89.65');
  url.searchParams.set('timestamp', String(Math.floor(Date.now() / 1000)));
  return (await fetch(url, { method: 'POST' })).status;
}

it('issues a credential shown once as a QR code Traccar Client can scan, and stops the System Id', async () => {
  const page = await browser.newPage();
  await signInAs(page, server.url, 'admin@springfield-pd.test');
  await page.goto(`${server.url}/dashboard/things/${demoThingId('SPD-CAR-105')}`);
  const section = page.getByRole('region', { name: 'Device credential' });
  await section.getByText('None issued yet').waitFor();
  const legacy = section.getByRole('switch', { name: /Accept the System Id alone/ });
  expect(await legacy.isChecked()).toBe(true);
  const systemIdUrl = `${server.url}/api/ingest/osmand?id=SPD-CAR-105`;
  expect(await report(systemIdUrl, 39.71)).toBe(200);

  await section.getByRole('button', { name: 'Issue credential' }).click();
  const dialog = page.getByRole('dialog', { name: 'Device credential' });
  const credential = await dialog.getByLabel('Device identifier', { exact: true }).inputValue();
  const serverUrl = await dialog.getByLabel('Server URL', { exact: true }).inputValue();
  expect(credential).toMatch(/^[\w-]{24}$/);
  expect(serverUrl).toBe(`${server.url}/api/ingest/osmand`);
  await expectAccessible(page);
  const scanned = await scan(page, dialog.getByTestId('device-credential-qr'));
  expect(scanned).toBe(`${serverUrl}?id=${credential}`);
  expect(await report(scanned!, 39.72)).toBe(200);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await section.getByText(/^Issued /).waitFor();
  await legacy.click();
  await expect.poll(() => legacy.isChecked()).toBe(false);
  expect(await report(systemIdUrl, 39.73)).toBe(400);
  expect(await report(scanned!, 39.74)).toBe(200);

  // A new credential asks first, then ends the previous one.
  await section.getByRole('button', { name: 'New credential' }).click();
  await section.getByRole('button', { name: 'Issue new credential' }).click();
  const next = await dialog.getByLabel('Device identifier', { exact: true }).inputValue();
  expect(next).not.toBe(credential);
  expect(await report(scanned!, 39.75)).toBe(400);
  expect(await report(`${serverUrl}?id=${next}`, 39.76)).toBe(200);
  await page.close();
});

it('is not offered to those who only read assets', async () => {
  const page = await browser.newPage();
  await signInAs(page, server.url, 'user@springfield-pd.test');
  await page.goto(`${server.url}/dashboard/things/${demoThingId('SPD-CAR-105')}`);
  await page.getByRole('heading', { level: 1, name: 'Patrol 105' }).waitFor();
  expect(await page.getByRole('region', { name: 'Device credential' }).count()).toBe(0);
  await page.close();
});
