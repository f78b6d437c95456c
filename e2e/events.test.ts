/**
 * The Incidents section against a real server, driven through the OsmAnd port as Traccar Client
 * sends: an incident appearing live while the test watches (a responder stopped with lights on for
 * the dwell time in report time), its marker on the map, the list's Display choice and search, the
 * detail, and Edit Location (a drag past the limit refused, a valid save). Every screen passes axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SCENE_RULES } from '@flare/core/incidents/scene-rules';
import { INCIDENT_MESSAGES } from '@flare/core/schemas/incident';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { apiAs } from './support/api';
import { sendOsmandReport } from './support/osmand';
import { clickMap, closeInstructions } from './support/map-drawing';
import { signInAs } from './support/sign-in';
import { mapRegion, renderedValues } from './support/test-map';
import { startServer, type RunningServer } from './support/server';

const ADMIN = 'admin@springfield-pd.test';
/** Seeded silent for days and not driven (the simulator is off): they change only when a test reports. */
const FIRST = { id: 'SPD-SUV-103', name: 'Sergeant 103' };
const SECOND = { id: 'SPD-CAR-110', name: 'Patrol 110' };
/** Arrives at a second scene far from the first, for the Media user's opening view. */
const FAR_UNIT = 'SPD-CAR-109';
/** Arrives near a saved station 11 km north, where no other scene is. */
const STATION_UNIT = 'SPD-CAR-108';
const SCENE = { lat: 39.7817, lng: -89.6501 };
/** A point `metres` north of the scene. */
const north = (metres: number) => ({ lat: SCENE.lat + metres / 111_195, lng: SCENE.lng });

let browser: Browser;
let server: RunningServer;
let osmandPort: number;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  osmandPort = server.osmandPort;
  page = await browser.newPage({ map: 'blank' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const seconds = (msAgo: number) => String(Math.floor((Date.now() - msAgo) / 1000));

/** A report `msAgo` in report time: stopped with lights on at `position` unless told otherwise. */
const report = (
  deviceId: string,
  msAgo: number,
  {
    position = SCENE,
    speed = '0',
    alerting = '1',
  }: { position?: typeof SCENE; speed?: string; alerting?: string } = {},
) =>
  sendOsmandReport(osmandPort, deviceId, {
    timestamp: seconds(msAgo),
    lat: String(position.lat),
    lon: String(position.lng),
    speed,
    alerting,
    bearing: '90',
  });

/** Two reports the dwell time apart in report time: the responder arrives on scene. */
async function arrive(deviceId: string, position = SCENE, endMsAgo = 5_000) {
  await report(deviceId, endMsAgo + SCENE_RULES.dwellMs + 5_000, { position });
  await report(deviceId, endMsAgo, { position });
}

const counts = () => page.getByLabel('Active and recent Incidents');
const rows = () => page.getByRole('list', { name: 'Incidents' }).getByRole('listitem');
const rowTexts = () => rows().allTextContents();

/** Picks a Display choice; it lands in the URL (the radio follows the URL). */
async function display(name: string, param: string | null): Promise<void> {
  await page.getByRole('radio', { name }).click();
  if (param) await page.waitForURL(new RegExp(`display=${param}`));
  else await page.waitForURL((url) => !url.searchParams.has('display'));
  await expect.poll(() => page.getByRole('radio', { name }).isChecked()).toBe(true);
}

async function search(text: string): Promise<void> {
  await page.getByLabel('Search Asset, Street, or System ID').fill(text);
  await page.waitForURL((url) => (url.searchParams.get('q') ?? '') === text);
}

describe('incidents', () => {
  it('shows an incident the moment responders have stood with lights on for the dwell time', async () => {
    await signInAs(page, server.url, ADMIN);
    await page.goto(`${server.url}/dashboard/events`);
    await page.getByRole('heading', { level: 1, name: 'Incidents' }).waitFor();
    await expect.poll(() => counts().textContent()).toBe('0 Active | 0 Recent');
    expect(await page.getByRole('radio', { name: '24 hrs' }).isChecked()).toBe(true);
    await expectAccessible(page);

    await report(FIRST.id, SCENE_RULES.dwellMs + 10_000);
    await expect.poll(() => counts().textContent(), { timeout: 3_000 }).toBe('0 Active | 0 Recent');
    await report(FIRST.id, 5_000);
    await expect.poll(() => counts().textContent(), { timeout: 10_000 }).toBe('1 Active | 0 Recent');
    const [row] = await rowTexts();
    expect(row).toMatch(/INC-\d+/);
    expect(row).toContain(`On scene (1): ${FIRST.name}`);
    await expectAccessible(page);

    // Its marker is on the map, above the assets, and opens the incident.
    const marker = page.getByRole('button', { name: /^Active incident INC-\d+, 39\.78170, -89\.65010$/ });
    // Opened from the keyboard, as a marker is a button. (Clicked with the pointer, it did not open in
    // two full CI runs, though it does when this file runs alone, loaded or not: not yet understood.)
    await marker.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/events\/[0-9a-f-]{36}$/);
    await page.getByRole('region', { name: 'Active vehicles', exact: true }).waitFor();
  });

  it('filters by Display and searches asset, street and System ID', async () => {
    // A second incident 5 km away, whose responder then drives off: it ends and becomes recent.
    const away = north(5_000);
    await arrive(SECOND.id, away, 4_000);
    await report(SECOND.id, 2_000, { position: north(5_000 + SCENE_RULES.leaveRadiusM + 100), speed: '20' });
    await page.goto(`${server.url}/dashboard/events`);
    await expect.poll(() => counts().textContent(), { timeout: 10_000 }).toBe('1 Active | 1 Recent');
    expect(await rows().count()).toBe(2);

    await display('Active Only', 'active');
    await expect.poll(rowTexts).toEqual([expect.stringContaining(FIRST.name)]);
    await display('All Recent', 'all');
    await expect.poll(() => rows().count()).toBe(2);
    await expectAccessible(page);

    await search(SECOND.name);
    await expect.poll(rowTexts).toEqual([expect.stringContaining(`Left: ${SECOND.name}`)]);
    const systemId = /INC-\d+/.exec((await rowTexts())[0]!)![0];
    await search(systemId.toLowerCase());
    await expect.poll(rowTexts).toEqual([expect.stringContaining(systemId)]);
    await search('no such incident');
    await page.getByText('No Incidents to show').waitFor();
    await search('');
    await display('24 hrs', null);
    await expect.poll(() => rows().count()).toBe(2);
  });

  it('opens the detail with position, heading, times, message, System ID and the vehicles', async () => {
    await display('Active Only', 'active');
    await rows().first().getByRole('button').first().click();
    await page.waitForURL(/\/dashboard\/events\/[0-9a-f-]{36}\?display=active$/);
    const main = page.getByRole('main');
    // No geocoder configured: no street, so the incident is titled by its position.
    await main.getByRole('heading', { level: 1, name: '39.78170, -89.65010' }).waitFor();
    await main.getByRole('button', { name: 'Copy Lat/Lon' }).waitFor();
    await main.getByRole('img', { name: 'Roadway heading 90°' }).waitFor();
    await main.getByText('Emergency vehicles on scene ahead', { exact: false }).waitFor();
    await main.getByRole('button', { name: 'Copy System ID' }).waitFor();
    await expectAccessible(page);

    const vehicle = page
      .getByRole('region', { name: 'Active vehicles' })
      .getByRole('link', { name: FIRST.name });
    await vehicle.click();
    await page.waitForURL(/\/dashboard\/things\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: FIRST.name }).waitFor();
    await page.goBack();
    await main.getByRole('link', { name: 'Edit Location' }).waitFor();
  });

  it('edits the location: a drag past 100 m is refused, a shorter one and a heading are saved', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Edit Location' }).click();
    const instructions = page.getByRole('dialog', { name: 'Edit Location' });
    await instructions.waitFor();
    await expectAccessible(page);
    await instructions.getByRole('button', { name: 'Close', exact: true }).click();
    await instructions.waitFor({ state: 'hidden' });

    const marker = page.getByRole('img', { name: 'New incident position (drag to move)' });
    const latLon = page.getByRole('main').getByText(/^39\.\d{5}, -89\.\d{5}$/);
    // Centred at the event zoom (17, about 0.92 m a pixel here): wait until the camera settles.
    let last = '';
    await expect
      .poll(
        async () => {
          const now = JSON.stringify(await marker.boundingBox());
          const settled = now === last;
          last = now;
          return settled;
        },
        { interval: 250 },
      )
      .toBe(true);
    const drag = async (dx: number, dy: number) => {
      const box = (await marker.boundingBox())!;
      const from = { x: box.x + box.width / 2, y: box.y + box.height - 4 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 5 });
      await page.mouse.move(from.x + dx, from.y + dy, { steps: 5 });
      await page.mouse.up();
    };

    await drag(0, -250);
    await page.getByRole('alert').filter({ hasText: INCIDENT_MESSAGES.tooFar }).waitFor();
    expect(await latLon.textContent()).toBe('39.78170, -89.65010');

    await drag(0, -40);
    await expect.poll(() => latLon.textContent()).not.toBe('39.78170, -89.65010');
    const moved = (await latLon.textContent())!;
    expect(Number(moved.split(',')[0])).toBeGreaterThan(SCENE.lat);
    await page.getByLabel('Roadway heading (°)').fill('180');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL(/\/dashboard\/events\/[0-9a-f-]{36}$/);
    await page.getByRole('img', { name: 'Roadway heading 180°' }).waitFor();
    // Without a street, the title is the position: the new one.
    await page.getByRole('main').getByRole('heading', { level: 1, name: moved }).waitFor();
  });

  it('draws a line along the road as the extent: the detail says how long, the map draws it under the marker', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Edit Location' }).click();
    await closeInstructions(page, 'Edit Location');
    await page.getByRole('main').getByText('Line', { exact: true }).click();
    await page.getByRole('main').getByText('0 points drawn').waitFor();
    await clickMap(page, [
      [0, -80],
      [0, 80],
      [0, 80],
    ]);
    await page.getByRole('main').getByText('2 points drawn').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/dashboard\/events\/[0-9a-f-]{36}$/);
    const extent = page.getByRole('main').getByText('Extent').locator('xpath=following-sibling::*[1]');
    await expect.poll(() => extent.textContent()).toMatch(/^Line, \d+ m$/);
    await expect
      .poll(() => renderedValues(page, 'flare-incident-extent-line', 'colour'), { interval: 250 })
      .toEqual(['#e03131']);
  });

  it('shows the incidents to a Media user, who sees events only (polling, without the live feed), the map opening on them', async () => {
    // A second scene 5.5 km north: out of the view of the map's default place.
    await arrive(FAR_UNIT, { lat: SCENE.lat + 0.05, lng: SCENE.lng });
    const media = await browser.newPage({ map: 'blank' });
    // The screens ask only for what a Media user may read: the server refuses them nothing.
    const refused: string[] = [];
    media.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await signInAs(media, server.url, 'media@springfield-pd.test', '**/dashboard/events');
    await expect
      .poll(() => media.getByLabel('Active and recent Incidents').textContent(), { timeout: 10_000 })
      .toBe('2 Active | 1 Recent');
    // With no assets to see, the map opens fitted to the active incidents: both markers in view.
    const markers = media.getByRole('button', { name: /^Active incident INC-/ });
    await expect.poll(() => markers.count()).toBe(2);
    const map = (await mapRegion(media).boundingBox())!;
    const inMap = async () =>
      (await Promise.all((await markers.all()).map((marker) => marker.boundingBox()))).every(
        (box) =>
          box !== null &&
          box.x >= map.x &&
          box.y >= map.y &&
          box.x + box.width <= map.x + map.width &&
          box.y + box.height <= map.y + map.height,
      );
    await expect.poll(inMap).toBe(true);
    await expectAccessible(media);
    expect(refused).toEqual([]);
    await media.close();
  });

  it('titles an incident without a street by the saved area it is near: list, map marker and detail, desktop and phone', async () => {
    const api = await apiAs(server.url, ADMIN);
    const { body: types } = await api<Array<{ id: string; db_name: string }>>('GET', '/ez_types');
    // A station drawn as a point: its reach is a 100 m circle.
    const stationAt = { lat: SCENE.lat + 0.1, lng: SCENE.lng };
    const saved = await api('POST', '/organization/exclusion_zone', {
      name: 'Station 9',
      ez_type_id: types.find((type) => type.db_name === 'station')!.id,
      ...stationAt,
      is_poi: true,
      city: 'Springfield',
      state: 'IL',
      country_code: 'US',
    });
    expect(saved.status).toBe(201);
    await arrive(STATION_UNIT, { lat: stationAt.lat + 400 / 111_195, lng: stationAt.lng });

    await page.goto(`${server.url}/dashboard/events?display=active`);
    const row = rows().filter({ hasText: 'Near Station 9' });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(`On scene (1): ${STATION_UNIT}`);
    await page.getByRole('button', { name: /^Active incident INC-\d+, Near Station 9$/ }).waitFor();
    await search('station 9');
    await expect.poll(() => rows().count()).toBe(1);
    await row.getByRole('button').first().click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Near Station 9' }).waitFor();
    await expectAccessible(page);

    // On a phone too: the row and the detail.
    const phone = await browser.newPage({ viewport: { width: 390, height: 800 }, touch: true });
    await signInAs(phone, server.url, ADMIN);
    await phone.goto(`${server.url}/dashboard/events?display=active`);
    const phoneRow = phone
      .getByRole('list', { name: 'Incidents' })
      .getByRole('listitem')
      .filter({ hasText: 'Near Station 9' });
    await phoneRow.waitFor();
    await expectAccessible(phone);
    await phoneRow.getByRole('button').first().tap();
    await phone.getByRole('main').getByRole('heading', { level: 1, name: 'Near Station 9' }).waitFor();
    await expectAccessible(phone);
    await phone.close();
  });
});
