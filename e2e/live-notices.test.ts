/**
 * Status-change notices in the Live section against a real server, without the simulator (only the
 * test's OsmAnd reports and API calls change anything): a unit turning Responding or Out-of-Service
 * shows a notice naming it, which selects it when clicked (desktop) or tapped (phone); its row is
 * highlighted; the list keeps its order under the pointer or the keyboard focus and re-sorts once the
 * user has left it; the beep is off until the user turns it on in Profile & Preferences.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs } from './support/api';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { passTime } from './support/clock';
import { sendOsmandReport } from './support/osmand';
import { signedInContext, type SignedInContext } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

const ADMIN = 'admin@springfield-pd.test';
const PHONE = { width: 390, height: 800 };

let browser: Browser;
let server: RunningServer;
/** Its clock lets time pass at once where a test must see the list hold still. */
let desktop: SignedInContext;
let osmandPort: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
  osmandPort = server.osmandPort;
  desktop = await signedInContext(browser, server.url, ADMIN, { clock: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const standBy = (deviceId: string) => sendOsmandReport(osmandPort, deviceId, { alerting: '0' });
const respond = (deviceId: string) => sendOsmandReport(osmandPort, deviceId, { alerting: '1', speed: '20' });

const rows = (page: Page) => page.getByRole('grid', { name: 'Assets' }).getByRole('row');
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByTitle(name, { exact: true }) });
/** The full names of the rows, top to bottom (each row's first button carries it as its title). */
const order = (page: Page) =>
  rows(page)
    .locator('[data-thing-id]')
    .evaluateAll((items) => items.map((item) => item.querySelector('button')?.getAttribute('title')));
const notice = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .getByRole('button', { name: new RegExp(text) });

async function openLive(search: string, signedIn = desktop, prepare?: (page: Page) => Promise<unknown>) {
  const page = await signedIn.open('/dashboard/things', prepare);
  await page.getByLabel('Search for an asset').fill(search);
  await page.waitForURL(/q=/);
  return page;
}

describe('status-change notices on desktop', () => {
  it('name a unit turning Responding, highlight its row, and select it when clicked', async () => {
    const unit = { id: 'SPD-CAR-105', name: 'Patrol 105' };
    await standBy(unit.id);
    const page = await openLive(unit.name);
    await row(page, unit.name).getByText('Standby', { exact: true }).waitFor();

    await respond(unit.id);
    const shown = notice(page, `${unit.name} is now Responding`);
    await shown.waitFor({ timeout: 10_000 });
    const changed = row(page, unit.name).locator('[data-thing-id]');
    expect(await changed.getAttribute('data-status-changed')).toBe('true');
    expect(await changed.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toMatch(
      /^rgba\(0, 0, 0, 0\)$|^rgb\(255, 255, 255\)$/,
    );
    await expectAccessible(page);

    await shown.click();
    await page.waitForURL(/\/dashboard\/things\/[0-9a-f-]{36}\?q=Patrol/);
    await page.getByRole('heading', { name: unit.name, exact: true }).waitFor();
    await shown.waitFor({ state: 'hidden' });
    // The highlight lasts a few seconds.
    await page.getByRole('button', { name: 'Back to assets' }).click();
    await expect
      .poll(() => row(page, unit.name).locator('[data-status-changed]').count(), { timeout: 10_000 })
      .toBe(0);
    await page.close();
  });

  it('name a unit taken Out-of-Service', async () => {
    const unit = { id: 'SPD-CAR-106', name: 'Patrol 106' };
    await standBy(unit.id);
    const page = await openLive(unit.name);
    await row(page, unit.name).getByText('Standby', { exact: true }).waitFor();
    const api = await apiAs(server.url, ADMIN);
    const { body } = await api<{ data: Array<{ id: string; haas_id: string }> }>(
      'GET',
      '/organization/things',
    );
    const thing = body.data.find((t) => t.haas_id === unit.id)!;
    const outOfService = await api('PUT', `/things/${thing.id}`, {
      in_service: false,
      is_publicly_alerting: true,
    });
    expect(outOfService.status).toBe(200);
    await notice(page, `${unit.name} is now Out-of-Service`).waitFor({ timeout: 10_000 });
    await expectAccessible(page);
    await page.close();
  });

  it('keep the list still under the pointer or the keyboard focus, re-sorting once the user left it', async () => {
    const [first, second] = [
      { id: 'SPD-CAR-102', name: 'Patrol 102' },
      { id: 'SPD-CAR-103', name: 'Patrol 103' },
    ];
    await Promise.all([standBy(first.id), standBy(second.id)]);
    const page = await openLive('Patrol 10');
    // Earlier tests left other patrols responding: only these two's places matter.
    const top = async () => (await order(page)).filter((name) => name === first.name || name === second.name);
    await expect.poll(top).toEqual([first.name, second.name]);

    // Pointer over the second row: it turns responding, which sorts it first, but it stays put.
    await row(page, second.name).getByTitle(second.name, { exact: true }).hover();
    await respond(second.id);
    await notice(page, `${second.name} is now Responding`).waitFor({ timeout: 10_000 });
    await row(page, second.name).getByText('Responding', { exact: true }).waitFor();
    expect(await top()).toEqual([first.name, second.name]);
    // The pointer leaves for the map: the new order applies a moment later.
    await page.mouse.move(1000, 400);
    expect(await top()).toEqual([first.name, second.name]);
    await expect.poll(top).toEqual([second.name, first.name]);

    // Keyboard focus on a row holds the order the same way.
    await row(page, first.name).getByTitle(first.name, { exact: true }).focus();
    await respond(first.id);
    await notice(page, `${first.name} is now Responding`).waitFor({ timeout: 10_000 });
    await row(page, first.name).getByText('Responding', { exact: true }).waitFor();
    await passTime(page, 2_000);
    expect(await top()).toEqual([second.name, first.name]);
    await page.getByLabel('Search for an asset').focus();
    await expect.poll(top).toEqual([first.name, second.name]);
    await expectAccessible(page);
    await page.close();
  });

  it('beep only once the user turned the sound on in Profile & Preferences', async () => {
    const unit = { id: 'SPD-CAR-107', name: 'Patrol 107' };
    // Counts the beeps the page starts (Web Audio oscillators).
    const countBeeps = (page: Page) =>
      page.addInitScript(() => {
        // Wrapped, and called on each node with its own `this`.
        // eslint-disable-next-line @typescript-eslint/unbound-method
        const start = OscillatorNode.prototype.start;
        const counter = window as unknown as { beeps: number };
        counter.beeps = 0;
        OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
          counter.beeps += 1;
          return start.apply(this, args);
        };
      });
    await standBy(unit.id);
    const page = await openLive(unit.name, desktop, countBeeps);
    const beeps = () => page.evaluate(() => (window as unknown as { beeps: number }).beeps);
    await respond(unit.id);
    await notice(page, `${unit.name} is now Responding`).waitFor({ timeout: 10_000 });
    expect(await beeps()).toBe(0);

    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Profile & Preferences' })
      .click();
    const sound = page.getByRole('switch', { name: /Beep with status-change notices/ });
    expect(await sound.isChecked()).toBe(false);
    await sound.click({ force: true });
    // Turning it on plays the beep once, so the user knows it.
    await expect.poll(beeps).toBe(1);
    await expectAccessible(page);

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Live' }).click();
    await page.getByLabel('Search for an asset').fill(unit.name);
    await standBy(unit.id);
    await row(page, unit.name).getByText('Standby', { exact: true }).waitFor({ timeout: 10_000 });
    await respond(unit.id);
    await notice(page, `${unit.name} is now Responding`).waitFor({ timeout: 10_000 });
    await expect.poll(beeps).toBe(2);
    await page.close();
  });
});

describe('status-change notices on a phone', () => {
  it('show at the top and open the unit when tapped', async () => {
    const unit = { id: 'SPD-CAR-109', name: 'Patrol 109' };
    await standBy(unit.id);
    const phone = await signedInContext(browser, server.url, ADMIN, { viewport: PHONE });
    const page = await openLive(unit.name, phone);
    await row(page, unit.name).getByText('Standby', { exact: true }).waitFor();
    await respond(unit.id);
    const shown = notice(page, `${unit.name} is now Responding`);
    await shown.waitFor({ timeout: 10_000 });
    const box = (await shown.boundingBox())!;
    expect(box.y).toBeLessThan(PHONE.height / 2);
    await expectAccessible(page);
    await shown.click();
    await page.getByRole('heading', { name: unit.name, exact: true }).waitFor();
    await expectAccessible(page);
    await page.close();
  });
});
