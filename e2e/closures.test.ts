/**
 * The Closures section against a real server: a closure's route drawn on the map point by point,
 * refused without a route, saved active until an end, listed, switched off from its row, a scheduled
 * closure, its history in the detail filtered by the Display choice, and a delete after a confirmation (a switch the server refuses: closure-live.test.ts); a
 * road-works closure published as WZDx by default, an empty Save marking every missing field at once,
 * and its road names carried by the WZDx feed. Every screen passes axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WZDX_PUBLISHING_NEEDS } from '@flare/core/closures/closure-rules';
import { CLOSURE_MESSAGES, DEFAULT_CLOSURE_LENGTH_MS } from '@flare/core/schemas/closure';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import { formatDateTime, fromWallTimeInput } from '@flare/core/time/zoned-time';
import type { Feed } from '@flare/core/schemas/feeds';
import { apiAs } from './support/api';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { clickMap, closeInstructions } from './support/map-drawing';
import { DEMO_TIME_ZONE, demoTimeInput } from './support/demo-time';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';
import { mapRegion } from './support/test-map';

const ADMIN = 'admin@springfield-pd.test';

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

const main = () => page.getByRole('main');
const showing = () => main().getByText(/^Showing \(\d+\/\d+\)$/);
const row = (description: string) => main().getByRole('listitem').filter({ hasText: description });
const inHours = (hours: number) => demoTimeInput(Date.now() + hours * 3_600_000);

async function openForm() {
  await page.goto(`${server.url}/dashboard/closures`);
  await main().getByRole('link', { name: 'Add' }).click();
  await page.waitForURL('**/dashboard/closures/new');
  await closeInstructions(page, 'Drawing a closure');
}

async function drawRoute(on = page) {
  await clickMap(on, [
    [-120, 20],
    [0, 0],
    [120, -20],
    [120, -20],
  ]);
  await on.getByRole('main').getByText('3 route points').waitFor();
}

describe('closures', () => {
  it('draws a closure on the map and saves it active until its end', async () => {
    await page.goto(`${server.url}/dashboard/closures`);
    await expect.poll(() => showing().textContent()).toBe('Showing (0/0)');
    await expectAccessible(page);
    await openForm();
    // While the map still moves (an opening move, held here), a notice covers it and takes the
    // clicks: no point is lost unseen. Once the map stands still, the notice goes.
    type MovingMap = { easeTo(options: object): void; stop(): void };
    await page.evaluate(() =>
      (window as Window & { __flareMap?: MovingMap }).__flareMap!.easeTo({
        center: [-89.64, 39.79],
        duration: 600_000,
        essential: true,
      }),
    );
    const notReady = mapRegion(page)
      .getByRole('status')
      .filter({ hasText: 'Getting the map ready for drawing…' });
    await notReady.waitFor();
    await expectAccessible(page);
    const canvas = (await page.locator('.maplibregl-canvas').boundingBox())!;
    await page.mouse.click(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await page.evaluate(() => (window as Window & { __flareMap?: MovingMap }).__flareMap!.stop());
    await notReady.waitFor({ state: 'detached' });
    await main().getByText('0 route points').waitFor();
    await main().getByRole('textbox', { name: 'Description' }).fill('Lane 2 resurfacing');
    await main().getByRole('button', { name: 'Save' }).click();
    await main().getByRole('alert').filter({ hasText: CLOSURE_MESSAGES.routeRequired }).waitFor();

    await drawRoute();
    const before = Math.floor(Date.now() / 60_000) * 60_000;
    await main().getByRole('switch', { name: 'Active' }).check({ force: true });
    // Active from now to an hour from now, until the user says otherwise.
    const shownTime = async (label: string) =>
      fromWallTimeInput(await main().getByLabel(label).inputValue(), DEMO_TIME_ZONE)!;
    expect(await shownTime('Start')).toBeGreaterThanOrEqual(before);
    expect(await shownTime('Start')).toBeLessThanOrEqual(Date.now());
    expect((await shownTime('End')) - (await shownTime('Start'))).toBe(DEFAULT_CLOSURE_LENGTH_MS);
    await expectAccessible(page);
    // Starting later is what Scheduled is for; one entered after it began starts earlier.
    await main().getByLabel('Start').fill(inHours(1));
    await main().getByLabel('End').fill(inHours(2));
    await main().getByRole('button', { name: 'Save' }).click();
    await main().getByRole('alert').filter({ hasText: CLOSURE_MESSAGES.activeStartsLater }).waitFor();
    const began = inHours(-1);
    await main().getByLabel('Start').fill(began);
    await main().getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/dashboard\/closures\/[0-9a-f-]{36}$/);
    await main().getByRole('heading', { level: 1, name: 'Lane 2 resurfacing' }).waitFor();
    await main().getByText('Active', { exact: true }).waitFor();
    await main()
      .getByText(formatDateTime(fromWallTimeInput(began, DEMO_TIME_ZONE)!, DEMO_TIME_ZONE), { exact: true })
      .waitFor();
    await expectAccessible(page);
  });

  it('switches it off from its row', async () => {
    await page.goto(`${server.url}/dashboard/closures`);
    await row('Lane 2 resurfacing').getByText('Active', { exact: true }).waitFor();
    const toggle = row('Lane 2 resurfacing').getByRole('switch');
    await toggle.uncheck({ force: true });
    await row('Lane 2 resurfacing').getByText('Standby', { exact: true }).waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await expectAccessible(page);
  });

  it("shows the closure's history in its detail, filtered by the Display choice, by keyboard", async () => {
    const profile = await (
      await apiAs(server.url, ADMIN)
    )<{ firstname: string; lastname: string }>('GET', '/profile');
    const admin = `${profile.body.firstname} ${profile.body.lastname}`;
    const toggle = row('Lane 2 resurfacing').getByRole('switch');
    const history = () => main().getByRole('list', { name: 'History' }).getByRole('listitem');
    const openDetail = async () => {
      await row('Lane 2 resurfacing').getByRole('button').first().click();
      await main().getByRole('heading', { level: 1, name: 'Lane 2 resurfacing' }).waitFor();
    };
    const entries = async () =>
      (await history().allTextContents()).map((text) => text.replace(/[A-Z][a-z]{2} \d.*$/, ''));
    // Switched on again from its row, by keyboard: Active Only shows this activation.
    await toggle.focus();
    await page.keyboard.press('Space');
    await row('Lane 2 resurfacing').getByText('Active', { exact: true }).waitFor();
    await openDetail();
    await expect.poll(entries).toEqual([`Switched on${admin}`, `Switched off${admin}`, `Created${admin}`]);
    const display = main().getByRole('radiogroup', { name: 'Display' });
    await display.getByRole('radio', { name: 'All Recent' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL(/\?history=3$/);
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL(/\?history=2$/);
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL(/\?history=1$/);
    await expect.poll(entries).toEqual([`Switched on${admin}`]);
    await expectAccessible(page);

    // Switched off: no activation now; the last 24 hours still show every change.
    await main().getByRole('button', { name: 'Back to closures' }).click();
    await toggle.focus();
    await page.keyboard.press('Space');
    await row('Lane 2 resurfacing').getByText('Standby', { exact: true }).waitFor();
    await openDetail();
    await main().getByRole('radio', { name: '24 hrs' }).click();
    await page.waitForURL(/\?history=3$/);
    await expect.poll(entries).toHaveLength(4);
    await main().getByRole('radio', { name: 'Active Only' }).click();
    await page.waitForURL(/\?history=1$/);
    await main().getByText('Not active now').waitFor();
    await expectAccessible(page);

    // Opened for editing and saved as it was: nothing changed, so nothing more in its history.
    await main().getByRole('link', { name: 'Edit' }).click();
    await closeInstructions(page, 'Drawing a closure');
    await main().getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/dashboard\/closures\/[0-9a-f-]{36}$/);
    await main().getByRole('radio', { name: 'All Recent' }).click();
    await expect.poll(entries).toHaveLength(4);
  });

  it('schedules a closure, which waits in standby for its start', async () => {
    await openForm();
    await drawRoute();
    await main().getByRole('textbox', { name: 'Description' }).fill('Night paving');
    await main().getByRole('switch', { name: 'Scheduled' }).check({ force: true });
    await main().getByLabel('Start').fill(inHours(3));
    await main().getByLabel('End').fill(inHours(5));
    await main().getByRole('button', { name: 'Save' }).click();
    await main().getByRole('heading', { level: 1, name: 'Night paving' }).waitFor();
    await main().getByText('Standby', { exact: true }).waitFor();
    await main().getByText('Scheduled').waitFor();
    // The detail's Back goes up one level, to the list, where the row opens it again.
    await main().getByRole('button', { name: 'Back to closures' }).click();
    await page.waitForURL(/\/dashboard\/closures$/);
    await row('Night paving').getByRole('button').first().click();
    await main().getByRole('heading', { level: 1, name: 'Night paving' }).waitFor();
  });

  it('deletes a closure after a confirmation; a failed delete says why, and closing the dialog clears it', async () => {
    await main().getByRole('button', { name: 'Delete Closure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Closure' });
    await dialog.waitFor();
    await expectAccessible(page);
    // The network drops the first attempt: the dialog stays open and says so.
    const deleteUrl = /\/api\/organization\/closure\/[0-9a-f-]{36}$/;
    await page.route(deleteUrl, (route) =>
      route.request().method() === 'DELETE' ? route.abort('connectionfailed') : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: CLOSURE_MESSAGES.connectionFailed }).waitFor();
    await expectAccessible(page);
    await page.unroute(deleteUrl);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main().getByRole('button', { name: 'Delete Closure' }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(/\/dashboard\/closures$/);
    await expect.poll(() => showing().textContent()).toBe('Showing (1/1)');
  });

  it('publishes a road-works closure by default, marks every missing field at once, and carries its road names to WZDx', async () => {
    const EMAIL = 'admin@capital-roadworks.test';
    const roadworks = await browser.newPage({ map: 'blank' });
    await signInAs(roadworks, server.url, EMAIL);
    await roadworks.goto(`${server.url}/dashboard/closures/new`);
    await closeInstructions(roadworks, 'Drawing a closure');
    const form = roadworks.getByRole('main');
    expect(await form.getByRole('switch', { name: 'Publish as work-zone data (WZDx)' }).isChecked()).toBe(
      true,
    );
    await form.getByText(WZDX_PUBLISHING_NEEDS).waitFor();

    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').filter({ hasText: CLOSURE_MESSAGES.routeRequired }).waitFor();
    // Fields by their labels' start: a required one ends with an asterisk.
    for (const label of [
      'Description',
      'Road names',
      'Direction',
      'Work-zone ID',
      'Location method',
      'Vehicle impact',
    ])
      await expect
        .poll(() => form.getByLabel(new RegExp(`^${label}`)).getAttribute('aria-invalid'), {
          timeout: 10_000,
        })
        .toBe('true');
    await expectAccessible(roadworks);

    await drawRoute(roadworks);
    await form.getByRole('textbox', { name: 'Description' }).fill('Bridge joint repair');
    await form.getByLabel(/^Road names/).fill('IL-29');
    await roadworks.keyboard.press('Enter');
    const choose = async (label: string, option: string) => {
      await form.getByLabel(new RegExp(`^${label}`)).click();
      await roadworks.getByRole('option', { name: option, exact: true }).click();
    };
    await choose('Direction', 'N');
    await form.getByRole('textbox', { name: 'Work-zone ID' }).fill('WZ-77');
    await choose('Location method', 'Channel device');
    await choose('Vehicle impact', 'Some lanes closed');
    await form.getByRole('switch', { name: 'Active' }).check({ force: true });
    await form.getByLabel('End').fill(inHours(2));
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('heading', { level: 1, name: 'Bridge joint repair' }).waitFor();
    await form.getByText('IL-29', { exact: true }).waitFor();

    // The WZDx feed names the road given, not the description.
    const api = await apiAs(server.url, EMAIL);
    const feed = await api<Feed>('POST', '/organization/feeds/work_zones');
    const wzdx = feed.body.urls.find((url) => url.format === 'wzdx')!.url;
    const published = (await (await fetch(wzdx)).json()) as {
      features: Array<{ id: string; properties: { core_details: { road_names: string[] } } }>;
    };
    const event = published.features.find((feature) => feature.id === 'WZ-77');
    expect(event?.properties.core_details.road_names).toEqual(['IL-29']);
    await roadworks.close();
  });

  it('an automated closure starts active when its asset has an active closure, and says how many the asset has', async () => {
    const api = await apiAs(server.url, ADMIN);
    const things = await api<{ data: Array<{ id: string; haas_id: string; nickname: string | null }> }>(
      'GET',
      '/organization/things?per_page=500',
    );
    const car = things.body.data.find((thing) => thing.haas_id === 'SPD-CAR-101')!;
    const created = await api('POST', '/organization/closure', {
      closure_type: 'automated',
      thing_id: car.id,
      description: 'Crash cleanup',
      user_route: {
        type: 'LineString',
        coordinates: [
          [-89.65, 39.8],
          [-89.64, 39.801],
        ],
      },
      is_active: true,
      end_time: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    });
    expect(created.status).toBe(201);

    await openForm();
    await main().getByText('Automated', { exact: true }).click();
    await expect.poll(() => main().getByRole('radio', { name: 'Automated' }).isChecked()).toBe(true);
    expect(await main().getByRole('switch', { name: 'Active' }).isChecked()).toBe(false);
    await main()
      .getByLabel(/^Asset/)
      .click();
    await page.getByRole('option', { name: primaryDisplayName(car), exact: true }).click();
    await main().getByText('NOTE: This Asset is now associated to 2 closures').waitFor();
    // The asset is alerting for its active closure already: this one starts active too.
    await expect.poll(() => main().getByRole('switch', { name: 'Active' }).isChecked()).toBe(true);
    expect(await main().getByLabel('End').inputValue()).not.toBe('');
    await expectAccessible(page);
  });
});
