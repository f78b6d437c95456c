/**
 * The live socket outlives a resize across the phone breakpoint: the shell swaps its phone and
 * desktop layouts, but the one socket per tab stays open, the assets are not loaded again, and live
 * reports keep reaching the list in both layouts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WebSocket } from 'playwright-core';
import { openBrowser, type Browser } from './support/browser';
import { sendOsmandReport } from './support/osmand';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

const ADMIN = 'admin@springfield-pd.test';
/** Seeded silent and not driven by a simulator (off here): it changes only when this test reports. */
const SILENT_DEVICE = { id: 'SPD-SUV-103', name: 'Sergeant 103' };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 400, height: 800 };

let browser: Browser;
let server: RunningServer;
let osmandPort: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  osmandPort = server.osmandPort;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** One OsmAnd report, as Traccar Client sends it. */
const report = (deviceId: string, extra: Record<string, string> = {}) =>
  sendOsmandReport(osmandPort, deviceId, extra);

/** Every live-feed socket the page opens, and every request for the organisation's assets. */
function watchLiveTraffic(page: Page) {
  const sockets: WebSocket[] = [];
  const closed: string[] = [];
  const thingsRequests: string[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== '/cable') return;
    sockets.push(socket);
    socket.on('close', () => closed.push(socket.url()));
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/api/organization/things')
      thingsRequests.push(url.search);
  });
  return { sockets, closed, thingsRequests };
}

const rows = (page: Page) => page.getByRole('grid', { name: 'Assets' }).getByRole('row');
const rowStatuses = (page: Page) =>
  rows(page)
    .locator('[role="img"][aria-label]')
    .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('aria-label')));
/** Only the desktop layout has the drawer's close button. */
const closePanel = (page: Page) => page.getByRole('button', { name: 'Close panel' });
const fleetHeading = (page: Page) => page.getByRole('heading', { name: /^Assets \d+ \/ \d+$/ });
const search = (page: Page, text: string) => page.getByLabel('Search for an asset').fill(text);

describe('live socket across the phone breakpoint', () => {
  it('keeps one open socket and the loaded fleet, and keeps updating, from desktop to phone and back', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const traffic = watchLiveTraffic(page);
    await signInAs(page, server.url, ADMIN, '**/dashboard/things');
    // Every asset the department owns or manages: all statuses are shown by default.
    await page.getByRole('heading', { name: /^Assets (\d+) \/ \1$/ }).waitFor();
    const fleet = await fleetHeading(page).textContent();
    await search(page, SILENT_DEVICE.name);
    await expect.poll(() => rowStatuses(page)).toHaveLength(1);
    await expect.poll(() => traffic.sockets.length).toBe(1);
    const loads = [...traffic.thingsRequests];
    expect(loads.length).toBeGreaterThan(0);
    expect(loads.every((search) => !search.includes('last_updated_timestamp'))).toBe(true);

    await page.setViewportSize(PHONE);
    await closePanel(page).waitFor({ state: 'detached' });
    await report(SILENT_DEVICE.id, { alerting: '1', speed: '20' });
    await expect.poll(() => rowStatuses(page), { timeout: 10_000 }).toEqual(['Responding']);

    await page.setViewportSize(DESKTOP);
    await closePanel(page).waitFor();
    await report(SILENT_DEVICE.id, { alerting: '0', speed: '0' });
    await expect.poll(() => rowStatuses(page), { timeout: 10_000 }).toEqual(['Standby']);

    await search(page, '');
    await expect.poll(() => fleetHeading(page).textContent(), { timeout: 10_000 }).toBe(fleet);
    expect(traffic.sockets).toHaveLength(1);
    expect(traffic.sockets[0]!.isClosed()).toBe(false);
    expect(traffic.closed).toEqual([]);
    expect(traffic.thingsRequests).toEqual(loads);
    await page.close();
  });
});
