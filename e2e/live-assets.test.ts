/**
 * The Live section against a real server with the demo fleet simulator running: the assets list and
 * its counts, a live update arriving while the test watches, search and filters kept in the URL,
 * the detail panel, and the feed reconnecting after the server restarts.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@flare/core/messages';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { sendOsmandReport } from './support/osmand';
import { signedInContext, type SignedInContext } from './support/sign-in';
import { freshDataDir, startServer, type RunningServer } from './support/server';

const ADMIN = 'admin@springfield-pd.test';
/** Seeded silent (five days, nine hours) and not driven by the simulator: they change only when a test reports. */
const SILENT_DEVICE = { id: 'SPD-SUV-103', name: 'Sergeant 103' };
const OTHER_SILENT_DEVICE = { id: 'SPD-CAR-110', name: 'Patrol 110' };

let browser: Browser;
let server: RunningServer;
let admin: SignedInContext;
/** Both 0 (any free port) at the first start; the restart takes the same ones again. */
let osmandPort = 0;
let httpPort = 0;
const dataDir = freshDataDir();

const serverEnv = () => ({ SIMULATOR: 'true', OSMAND_PORT: String(osmandPort) });

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ dataDir, port: httpPort, env: serverEnv() }),
    openBrowser(),
  ]);
  [osmandPort, httpPort] = [server.osmandPort, Number(new URL(server.url).port)];
  // Reconnects shortened: a restart is back within a second or two.
  admin = await signedInContext(browser, server.url, ADMIN, { timings: { liveFirstBackoffMs: 250 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One OsmAnd report, as Traccar Client sends it. */
const report = (deviceId: string, extra: Record<string, string> = {}) =>
  sendOsmandReport(osmandPort, deviceId, extra);

const countsLine = (page: Page) => page.getByLabel('Online, offline and out-of-service assets');
const rows = (page: Page) => page.getByRole('grid', { name: 'Assets' }).getByRole('row');
const rowStatuses = (page: Page) =>
  rows(page)
    .locator('[role="img"][aria-label]')
    .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('aria-label')));

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search for an asset').fill(text);
  await page.waitForURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

async function openLive(): Promise<Page> {
  const page = await admin.open('/dashboard/things');
  // Every asset the department owns or manages: all statuses are shown by default.
  await page.getByRole('heading', { name: /^Assets (\d+) \/ \1$/ }).waitFor();
  return page;
}

describe('live assets list', () => {
  it('shows the fleet with its counts and changes an asset the moment it reports', async () => {
    const page = await openLive();
    // The status sweep ages the five-days-silent asset into offline within seconds of the start.
    await expect
      .poll(() => countsLine(page).textContent(), { timeout: 15_000 })
      .toMatch(/^\d+ Online \| 1 Offline \| 0 OOS$/);
    await page.getByRole('alert').filter({ hasText: '1 offline asset' }).waitFor();
    await expectAccessible(page);

    await search(page, SILENT_DEVICE.name);
    await expect.poll(() => rowStatuses(page)).toEqual(['Offline']);
    await report(SILENT_DEVICE.id, { alerting: '1', speed: '20' });
    await expect.poll(() => rowStatuses(page), { timeout: 10_000 }).toEqual(['Responding']);
    expect(await countsLine(page).textContent()).toMatch(/ 0 Offline /);
    await page.close();
  });

  it('searches after a pause in typing and filters by status, keeping both in the URL', async () => {
    const page = await openLive();
    await search(page, 'sergeant');
    await expect.poll(() => rows(page).count()).toBe(3);

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('switch', { name: 'Show All' }).uncheck();
    await page.getByRole('checkbox', { name: 'Pending' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/status=pending/);
    await page.getByText(MESSAGES.noAssetsSelected).waitFor();

    await page.getByLabel('Search for an asset').fill('');
    await expect.poll(() => rowStatuses(page)).toContain('Pending');
    expect(new Set(await rowStatuses(page))).toEqual(new Set(['Pending']));
    await page.reload();
    await expect.poll(() => rowStatuses(page)).toContain('Pending');
    expect(new Set(await rowStatuses(page))).toEqual(new Set(['Pending']));
    await page.close();
  });

  it('opens an asset from the list and returns to the same list', async () => {
    const page = await openLive();
    await search(page, 'Patrol 101');
    await rows(page)
      .first()
      .getByRole('button', { name: /^Patrol 101/ })
      .click();
    await page.waitForURL(/\/dashboard\/things\/[0-9a-f-]{36}\?q=Patrol/);
    await page.getByRole('heading', { name: 'Patrol 101' }).waitFor();
    await page.getByRole('group', { name: 'Status' }).waitFor();
    await page.getByText('Organization Access').waitFor();
    // How steadily it reported over the last 24 hours, from the coverage the server computes.
    await page.getByText(/^\d+% of 5-minute slots · [\d,]+ points$/).waitFor();
    // (A bar at 0% has no width: attached, not visible.)
    await page
      .getByRole('progressbar', { name: /of the last 24 hours' 5-minute slots$/ })
      .waitFor({ state: 'attached' });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Back to assets' }).click();
    await page.waitForURL(/\/dashboard\/things\?q=Patrol/);
    await page.close();
  });

  it('shows the run of a responding asset in its detail, counting alert points as reports arrive', async () => {
    const page = await openLive();
    await search(page, SILENT_DEVICE.name);
    await rows(page)
      .first()
      .getByRole('button', { name: new RegExp(`^${SILENT_DEVICE.name}`) })
      .click();
    const status = page.getByRole('group', { name: 'Status' });
    const field = (label: string) =>
      status.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').textContent();
    // Lights off: standing by, no run (an earlier test may have left it responding).
    await report(SILENT_DEVICE.id, { alerting: '0' });
    await status.getByText('Standby').waitFor();
    expect(await status.getByText('Alert Points').count()).toBe(0);
    // Lights on: a run starts with its first alert point.
    await report(SILENT_DEVICE.id, { alerting: '1', speed: '20' });
    await status.getByText('Responding').waitFor();
    expect(await field('Start')).toMatch(/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/);
    expect(await field('Alert Points')).toBe('1');
    // Lights still on: one more alert point, shown without reloading.
    await report(SILENT_DEVICE.id, { alerting: '1', speed: '20' });
    await expect.poll(() => field('Alert Points'), { timeout: 10_000 }).toBe('2');
    await page.close();
  });

  it("raises a device's SOS on its row and in its detail until someone acknowledges it", async () => {
    const page = await openLive();
    await search(page, 'Patrol 105');
    const row = rows(page).first();
    await expect.poll(() => rows(page).count()).toBe(1);
    // Traccar Client's SOS button: an alarm parameter with the report.
    await report('SPD-CAR-105', { alarm: 'sos' });
    await row.getByTitle('Alarm raised').filter({ hasText: 'SOS' }).waitFor({ timeout: 10_000 });
    // Later reports (the simulator drives this patrol car) do not clear it.
    await report('SPD-CAR-105');
    await row.getByRole('button', { name: /^Patrol 105/ }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'SOS' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Raised.*ago/);
    await expectAccessible(page);
    await alert.getByRole('button', { name: 'Acknowledge' }).click();
    await alert.waitFor({ state: 'hidden', timeout: 10_000 });
    await page.getByRole('button', { name: 'Back to assets' }).click();
    await rows(page).first().waitFor();
    // A live update sent just before the acknowledgement may still arrive (within the 1 s flush) and
    // show the alarm for a moment; the acknowledgement's own update follows it.
    await expect.poll(() => rows(page).first().getByTitle('Alarm raised').count()).toBe(0);
    await page.close();
  });

  it('reconnects after the server restarts and shows what changed meanwhile', async () => {
    const page = await openLive();
    await search(page, OTHER_SILENT_DEVICE.name);
    await expect.poll(() => rowStatuses(page)).toHaveLength(1);
    expect(await rowStatuses(page)).not.toEqual(['Responding']);
    await server.stop();
    await page.getByText(MESSAGES.offlineBanner).waitFor();
    server = await startServer({ dataDir, port: httpPort, env: { ...serverEnv(), SIMULATOR: 'false' } });
    await page.getByText(MESSAGES.offlineBanner).waitFor({ state: 'hidden', timeout: 30_000 });

    await report(OTHER_SILENT_DEVICE.id, { alerting: '1', speed: '20' });
    await expect.poll(() => rowStatuses(page), { timeout: 10_000 }).toEqual(['Responding']);
    await page.close();
  });
});
