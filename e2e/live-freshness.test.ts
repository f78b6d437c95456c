/**
 * Freshness in the Live section against a real server, without the simulator (only the test's own
 * OsmAnd reports move anything): each row and the detail say how long ago the asset reported, stale
 * assets are marked in words and by an icon, run time carries its units, coordinates copy, names are
 * cut only when a row has no room (in full on hover and in the detail); and when the server stops while the page watches,
 * desktop and phone say since when their data is and stop their clocks, then recover once the server
 * is back.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@flare/core/messages';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { sendOsmandReport } from './support/osmand';
import { apiAs } from './support/api';
import { passTime } from './support/clock';
import { signInAs } from './support/sign-in';
import { freshDataDir, startServer, type RunningServer } from './support/server';

const ADMIN = 'admin@springfield-pd.test';
/** Driven by the tests with its lights on: responding, with a run. */
const MOVING = { id: 'SPD-CAR-102', name: 'Patrol 102' };
/** Last reported two and a half minutes ago: stale. */
const QUIET = { id: 'SPD-CAR-103', name: 'Patrol 103' };
/** A name of 12 characters, which a row has room for; renamed, one it has not. */
const LONG = {
  id: 'SPD-SUV-101',
  name: 'Sergeant 101',
  renamed: 'Sergeant Heavy Rescue Night Shift Unit 101',
  shortened: 'Serg... 101',
};
const PHONE = { width: 390, height: 800 };

let browser: Browser;
let server: RunningServer;
/** Both 0 (any free port) at the first start; the restart takes the same ones again. */
let osmandPort = 0;
let httpPort = 0;
const dataDir = freshDataDir();
const serverEnv = () => ({ OSMAND_PORT: String(osmandPort) });

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ dataDir, port: httpPort, env: serverEnv() }),
    openBrowser(),
  ]);
  [osmandPort, httpPort] = [server.osmandPort, Number(new URL(server.url).port)];
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const report = (deviceId: string, extra: Record<string, string> = {}) =>
  sendOsmandReport(osmandPort, deviceId, extra);
/** The seconds a row's age says ("just now", "12 s ago", "2 min ago"). */
function secondsOf(age: string | null): number {
  const match = /^(?:just now|(\d+) (s|min) ago)$/.exec(age ?? '');
  if (!match) throw new Error(`Not an age: ${age}`);
  return match[1] ? Number(match[1]) * (match[2] === 'min' ? 60 : 1) : 0;
}
const secondsAgo = (seconds: number) => String(Math.floor(Date.now() / 1000) - seconds);

const rows = (page: Page) => page.getByRole('grid', { name: 'Assets' }).getByRole('row');
/** The row whose button carries the full name as its title. */
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByTitle(name, { exact: true }) });
const rowAge = (page: Page, name: string) => row(page, name).getByTitle(/^Last report: /);
const statusGroup = (page: Page) => page.getByRole('group', { name: 'Status' });
const field = (page: Page, label: string) =>
  statusGroup(page).getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').textContent();

/** Reconnects shortened (a restart is back within a second or two), and time that passes at once. */
const LIVE_PAGE = { timings: { liveFirstBackoffMs: 250 }, clock: true };

/** Opens the Live section. */
async function openLive(page: Page, search: string): Promise<void> {
  await signInAs(page, server.url, ADMIN, '**/dashboard/things');
  await page.getByLabel('Search for an asset').fill(search);
  await page.waitForURL(/q=/);
}

async function openAsset(page: Page, name: string): Promise<void> {
  await row(page, name).getByTitle(name, { exact: true }).click();
  await page.getByRole('heading', { name, exact: true }).waitFor();
}

describe('freshness on desktop', () => {
  it('shows on rows and in the detail how long ago each asset reported, marking stale ones', async () => {
    await report(MOVING.id, { alerting: '1', speed: '20' });
    await report(QUIET.id, { timestamp: secondsAgo(150) });
    const page = await browser.newPage(LIVE_PAGE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openLive(page, 'Patrol 10');

    // Status in words beside its colour, the age of the last report, the speed while moving.
    const moving = row(page, MOVING.name);
    await moving.getByText('Responding', { exact: true }).waitFor();
    expect(await rowAge(page, MOVING.name).textContent()).toMatch(/^(just now|\d+ s ago)$/);
    expect(await moving.getByText(/ mph$/).textContent()).toMatch(/^SPD-CAR-102 · \d+ mph$/);
    // Ticking on the shared clock.
    const age = await rowAge(page, MOVING.name).textContent();
    await expect.poll(() => rowAge(page, MOVING.name).textContent()).not.toBe(age);

    // Stale: an icon and words (read out), the report's time and the reason on hover.
    const quiet = rowAge(page, QUIET.name);
    expect(await quiet.textContent()).toBe('Stale, 2 min ago');
    expect(await quiet.getAttribute('title')).toMatch(
      /^Last report: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M\. Stale: no report for over 30 s$/,
    );
    expect(await quiet.locator('svg').isVisible()).toBe(true);
    await expectAccessible(page);

    await openAsset(page, MOVING.name);
    expect(await field(page, 'Last Sync')).toMatch(
      /^(just now|\d+ s ago)\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/,
    );
    expect(await field(page, 'Run Time')).toMatch(/^(\d+ s|1 min( \d+ s)?)$/);
    expect(await statusGroup(page).getByText('Stale', { exact: true }).count()).toBe(0);
    // Coordinates to copy, saying "Copied".
    expect(await field(page, 'Location')).toBe('39.781700, -89.650100');
    await statusGroup(page).getByRole('button', { name: 'Copy coordinates' }).click();
    await statusGroup(page).getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('39.781700, -89.650100');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Back to assets' }).click();
    await openAsset(page, QUIET.name);
    await statusGroup(page).getByText('Stale', { exact: true }).waitFor();
    expect(await field(page, 'Last Sync')).toMatch(/^2 min ago/);
    await expectAccessible(page);
    await page.close();
  });

  it('cuts a name only when the row has no room for it, showing it in full on hover and in the detail', async () => {
    const page = await browser.newPage(LIVE_PAGE);
    await openLive(page, LONG.name);
    const button = row(page, LONG.name).getByTitle(LONG.name, { exact: true });
    await button.getByText(LONG.name, { exact: true }).waitFor();

    const api = await apiAs(server.url, ADMIN);
    const { body } = await api<{ data: Array<{ id: string; haas_id: string }> }>(
      'GET',
      '/organization/things',
    );
    const thing = body.data.find((t) => t.haas_id === LONG.id)!;
    const renamed = await api('PUT', `/things/${thing.id}`, {
      in_service: true,
      is_publicly_alerting: true,
      nickname: LONG.renamed,
    });
    expect(renamed.status).toBe(200);
    await page.getByLabel('Search for an asset').fill('Heavy Rescue');
    const long = row(page, LONG.renamed).getByTitle(LONG.renamed, { exact: true });
    // First 4 + "..." + last 4 keeps the unit number; the row's button still names it in full.
    await long.getByText(LONG.shortened, { exact: true }).waitFor();
    expect(await long.getAttribute('title')).toBe(LONG.renamed);
    await expectAccessible(page);
    await openAsset(page, LONG.renamed);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(LONG.renamed);
    await page.close();
  });
});

describe('while the server is down', () => {
  it('desktop and phone say since when their data is and stop their clocks, then recover', async () => {
    await report(MOVING.id, { alerting: '1', speed: '20' });
    const desktop = await browser.newPage(LIVE_PAGE);
    const phone = await browser.newPage({ ...LIVE_PAGE, viewport: PHONE });
    await openLive(desktop, MOVING.name);
    await openAsset(desktop, MOVING.name);
    await openLive(phone, MOVING.name);
    const runTime = () => field(desktop, 'Run Time');
    const phoneAge = () => rowAge(phone, MOVING.name).textContent();
    const started = await runTime();
    await expect.poll(runTime).not.toBe(started);

    const stoppedAt = Date.now();
    await server.stop();
    for (const page of [desktop, phone]) {
      const banner = page.getByRole('alert').filter({ hasText: MESSAGES.offlineBanner });
      await banner.waitFor();
      const asOf = banner.locator('time');
      expect(await banner.textContent()).toMatch(/Data shown as of \d{1,2}:\d\d [AP]M$/);
      const since = Date.parse((await asOf.getAttribute('datetime'))!);
      expect(since).toBeGreaterThanOrEqual(stoppedAt - 1000);
      expect(since).toBeLessThanOrEqual(Date.now());
    }
    expect(
      await statusGroup(desktop)
        .getByText(/^Data as of \d{1,2}:\d\d [AP]M$/)
        .count(),
    ).toBe(1);
    const counts = phone.getByLabel('Online, offline and out-of-service assets');
    expect(await counts.locator('xpath=following-sibling::*[1]').textContent()).toMatch(
      /^as of \d{1,2}:\d\d [AP]M$/,
    );

    const frozen = [await runTime(), await field(desktop, 'Last Sync'), await phoneAge()];
    await Promise.all([passTime(desktop, 3_000), passTime(phone, 3_000)]);
    expect([await runTime(), await field(desktop, 'Last Sync'), await phoneAge()]).toEqual(frozen);
    await expectAccessible(desktop);
    await expectAccessible(phone);

    server = await startServer({ dataDir, port: httpPort, env: serverEnv() });
    for (const page of [desktop, phone]) {
      await page.getByText(MESSAGES.offlineBanner).waitFor({ state: 'hidden', timeout: 30_000 });
    }
    expect(
      await statusGroup(desktop)
        .getByText(/^Data as of/)
        .count(),
    ).toBe(0);
    await expect.poll(runTime).not.toBe(frozen[0]);
    // A report stamped with the phone's own time (its clock ran ahead while the server was down): the
    // row shows it (its title names the new report) and its age ticks on from there.
    const phoneReportTitle = () => rowAge(phone, MOVING.name).getAttribute('title');
    const oldTitle = await phoneReportTitle();
    const phoneNow = await phone.evaluate(() => Date.now());
    await report(MOVING.id, { alerting: '1', speed: '20', timestamp: String(Math.floor(phoneNow / 1000)) });
    await expect.poll(phoneReportTitle).not.toBe(oldTitle);
    const ageBefore = secondsOf(await phoneAge());
    await passTime(phone, 3_000);
    expect(secondsOf(await phoneAge())).toBeGreaterThanOrEqual(ageBefore + 3);
    await expectAccessible(phone);
    await desktop.close();
    await phone.close();
  });
});
