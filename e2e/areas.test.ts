/**
 * The Areas section against a real server: an exclusion drawn on the map point by point (terra-draw),
 * saved with its address, shown in the list and the detail, edited, refused without a shape, and
 * deleted after a confirmation; an asset driven through the OsmAnd port into a station is grouped
 * under the station's marker, with its count. Every screen passes axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AREA_MESSAGES } from '@flare/core/schemas/area';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { addPointByKeyboard, clickMap, closeInstructions } from './support/map-drawing';
import { sendOsmandReport } from './support/osmand';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

const ADMIN = 'admin@springfield-pd.test';

let browser: Browser;
let server: RunningServer;
let page: Page;
let osmandPort: number;

type MapWindow = Window & {
  __flareMap?: {
    jumpTo(options: { zoom: number }): void;
    loaded(): boolean;
    isMoving(): boolean;
    getCenter(): { lng: number; lat: number };
    getZoom(): number;
    queryRenderedFeatures(options: { layers: string[] }): unknown[];
  };
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  osmandPort = server.osmandPort;
  page = await browser.newPage({ map: 'blank' });
  await signInAs(page, server.url, ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const main = () => page.getByRole('main');
const showing = () => main().getByText(/^Showing \(\d+\/\d+\)$/);

/** The signed-in user's access token, as the app keeps it. */
const signedInToken = () =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('flare.auth')!) as { token: string }).token);

/** The area the detail shows, as the API has it. */
async function shownArea() {
  const id = page.url().split('/').at(-1)!;
  const areas = (await (
    await fetch(`${server.url}/api/organization/exclusion_zone`, {
      headers: { authorization: `Bearer ${await signedInToken()}` },
    })
  ).json()) as {
    data: Array<{ id: string; area_geom: { coordinates: number[][][] } | null; postal_code: string }>;
  };
  return areas.data.find((area) => area.id === id)!;
}

/** Deletes the area the detail shows, through its confirmation, back to the list. */
async function deleteShownArea() {
  await main().getByRole('button', { name: 'Delete Area' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Area' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await page.waitForURL(/\/dashboard\/areas$/);
}

async function pick(label: string, option: string) {
  await main().getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('areas', () => {
  it('draws an exclusion on the map and saves it with its address', async () => {
    await page.goto(`${server.url}/dashboard/areas`);
    await expect.poll(() => showing().textContent()).toBe('Showing (0/0)');
    await expectAccessible(page);
    await main().getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/dashboard/areas/new');
    await closeInstructions(page, 'Drawing an area');
    await main().getByText('0 points drawn').waitFor();
    // Shapes in words a user knows: any type of area (a station too) is drawn as an outline.
    expect(await main().getByRole('radiogroup', { name: 'Shape' }).locator('label').allInnerTexts()).toEqual([
      'Outline',
      'Circle',
      'Point of Interest',
    ]);
    // Without a shape, Save says what is missing and saves nothing.
    await main().getByRole('textbox', { name: 'Name' }).fill('North lot');
    await pick('Area Type', 'Exclusion Zone');
    await pick('State', 'Illinois');
    await main().getByRole('button', { name: 'Save' }).click();
    await main().getByRole('alert').filter({ hasText: AREA_MESSAGES.tooFewPoints }).waitFor();

    // A triangle: three corners, each counted as it is clicked, then the first again to close it.
    await clickMap(page, [[-80, -60]]);
    await main().getByText('1 point drawn').waitFor();
    await clickMap(page, [
      [80, -60],
      [0, 70],
    ]);
    await main().getByText('3 points drawn').waitFor();
    await clickMap(page, [[-80, -60]]);
    await main().getByRole('textbox', { name: 'Zip code' }).fill('62701');
    await main().getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/dashboard\/areas\/[0-9a-f-]{36}$/);
    await main().getByRole('heading', { level: 1, name: 'North lot' }).waitFor();
    await main().getByText('Exclusion Zone').waitFor();
    await main().getByText('Springfield Police Department').waitFor();
    await expectAccessible(page);

    const saved = await shownArea();
    expect(saved.area_geom!.coordinates[0]).toHaveLength(4);
    expect(saved.postal_code).toBe('62701');
  });

  it('edits the area and lists it', async () => {
    await main().getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/edit$/);
    await closeInstructions(page, 'Drawing an area');
    await main().getByText('3 points drawn').waitFor();
    await main().getByRole('textbox', { name: 'Name' }).fill('South lot');
    await main().getByRole('button', { name: 'Save' }).click();
    await main().getByRole('heading', { level: 1, name: 'South lot' }).waitFor();
    await page.goto(`${server.url}/dashboard/areas`);
    await expect.poll(() => showing().textContent()).toBe('Showing (1/1)');
    await main().getByRole('textbox', { name: 'Search areas' }).fill('nothing like it');
    await expect.poll(() => showing().textContent()).toBe('Showing (0/1)');
    await main().getByRole('textbox', { name: 'Search areas' }).fill('south');
    await main().getByRole('listitem').filter({ hasText: 'South lot' }).click();
    await main().getByRole('heading', { level: 1, name: 'South lot' }).waitFor();
    // The detail's Back goes up one level, to the list.
    await main().getByRole('button', { name: 'Back to areas' }).click();
    await page.waitForURL(/\/dashboard\/areas$/);
    await expect.poll(() => showing().textContent()).toBe('Showing (1/1)');
    await main().getByRole('listitem').filter({ hasText: 'South lot' }).click();
    await main().getByRole('heading', { level: 1, name: 'South lot' }).waitFor();
  });

  it('deletes the area after a confirmation', async () => {
    await main().getByRole('button', { name: 'Delete Area' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Area' });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(/\/dashboard\/areas$/);
    await expect.poll(() => showing().textContent()).toBe('Showing (0/0)');
  });

  it('draws a circle, saved as an exclusion tracing it', async () => {
    // Where the map stands once it is loaded and still (null before then).
    const mapView = () =>
      page.evaluate(() => {
        const map = (window as MapWindow).__flareMap;
        if (!map?.loaded() || map.isMoving()) return null;
        const { lng, lat } = map.getCenter();
        return { lng, lat, zoom: map.getZoom() };
      });
    // The map opened on the fleet when the assets were in (the status strip counts them), in the
    // earlier test that loaded the page: once it is still, only the user moves it.
    await page.getByText(/^Assets: \d+$/).waitFor();
    await expect.poll(mapView).not.toBeNull();
    const before = (await mapView())!;
    await main().getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/dashboard/areas/new');
    await closeInstructions(page, 'Drawing an area');
    // A new area is an exclusion (an outline) where the map is, zoomed to 15.5 to draw it.
    expect(await main().getByRole('radio', { name: 'Outline' }).isChecked()).toBe(true);
    await expect.poll(async () => (await mapView())?.zoom).toBe(15.5);
    const drawingAt = (await mapView())!;
    expect(drawingAt.lng).toBeCloseTo(before.lng, 6);
    expect(drawingAt.lat).toBeCloseTo(before.lat, 6);
    await main()
      .locator('label', { hasText: /^Circle$/ })
      .click();
    await main().getByText('Click the centre, then the edge').waitFor();
    // The centre, then the edge 80 px east.
    await clickMap(page, [
      [0, 0],
      [80, 0],
    ]);
    await expect
      .poll(async () =>
        Number(
          (
            await main()
              .getByText(/points drawn$/)
              .textContent()
          )?.split(' ')[0],
        ),
      )
      .toBeGreaterThanOrEqual(32);
    await main().getByRole('textbox', { name: 'Name' }).fill('Round lot');
    await pick('Area Type', 'Exclusion Zone');
    await pick('State', 'Illinois');
    await main().getByRole('button', { name: 'Save' }).click();
    await main().getByRole('heading', { level: 1, name: 'Round lot' }).waitFor();
    expect((await shownArea()).area_geom!.coordinates[0]!.length).toBeGreaterThan(32);
    await deleteShownArea();
  });

  it('saves an outline whose corners were clicked but not closed', async () => {
    await main().getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/dashboard/areas/new');
    await closeInstructions(page, 'Drawing an area');
    await main().getByText('0 points drawn').waitFor();
    // A square's four corners; the first is not clicked again.
    await clickMap(page, [
      [-60, -60],
      [60, -60],
      [60, 60],
      [-60, 60],
    ]);
    await main().getByText('4 points drawn').waitFor();
    // Escape keeps what is drawn (Redraw starts again).
    await page.keyboard.press('Escape');
    await main().getByRole('textbox', { name: 'Name' }).fill('Square lot');
    await pick('Area Type', 'Exclusion Zone');
    await pick('State', 'Illinois');
    await main().getByText('4 points drawn').waitFor();
    await main().getByRole('button', { name: 'Save' }).click();
    await main().getByRole('heading', { level: 1, name: 'Square lot' }).waitFor();
    const ring = (await shownArea()).area_geom!.coordinates[0]!;
    // The four corners, closed by the first again.
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    await deleteShownArea();
  });

  it('draws an outline by keyboard: the arrows pan the focused map, Shift+F10 adds a corner at its centre', async () => {
    await main().getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/dashboard/areas/new');
    await closeInstructions(page, 'Drawing an area');
    await clickMap(page, []);
    await page.locator('.maplibregl-canvas').focus();
    for (const [key, count] of [
      [null, '1 point drawn'],
      ['ArrowRight', '2 points drawn'],
      ['ArrowDown', '3 points drawn'],
    ] as const) {
      if (key) for (let step = 0; step < 3; step += 1) await page.keyboard.press(key);
      await addPointByKeyboard(page);
      await main().getByText(count).waitFor();
    }
    await main().getByRole('textbox', { name: 'Name' }).fill('Keyboard lot');
    await pick('Area Type', 'Exclusion Zone');
    await pick('State', 'Illinois');
    await main().getByRole('button', { name: 'Save' }).click();
    await main().getByRole('heading', { level: 1, name: 'Keyboard lot' }).waitFor();
    const ring = (await shownArea()).area_geom!.coordinates[0]!;
    expect(ring).toHaveLength(4);
    // East of the first corner, then straight south of the second: the arrows moved the map between
    // them, and adding a corner left the map where it was.
    const [[lng0, lat0], [lng1, lat1], [lng2, lat2]] = ring.slice(0, 3) as Array<[number, number]> as [
      [number, number],
      [number, number],
      [number, number],
    ];
    expect(lng1).toBeGreaterThan(lng0);
    expect(Math.abs(lat1 - lat0)).toBeLessThan(1e-6);
    expect(lat2).toBeLessThan(lat1);
    expect(Math.abs(lng2 - lng1)).toBeLessThan(1e-6);
    await deleteShownArea();
  });

  it('groups an asset parked at a station under the station, with its count', async () => {
    const token = await signedInToken();
    const at = { lat: 39.7901, lng: -89.6442 };
    const d = 0.002;
    const created = await fetch(`${server.url}/api/organization/exclusion_zone`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Station 3',
        ez_type_id: (
          (await (
            await fetch(`${server.url}/api/ez_types`, { headers: { authorization: `Bearer ${token}` } })
          ).json()) as Array<{
            id: string;
            db_name: string;
          }>
        ).find((type) => type.db_name === 'station')!.id,
        lat: at.lat,
        lng: at.lng,
        area_geom: {
          type: 'Polygon',
          coordinates: [
            [
              [at.lng - d, at.lat - d],
              [at.lng + d, at.lat - d],
              [at.lng + d, at.lat + d],
              [at.lng - d, at.lat + d],
              [at.lng - d, at.lat - d],
            ],
          ],
        },
        state: 'IL',
        country_code: 'US',
      }),
    });
    expect(created.status).toBe(201);
    await sendOsmandReport(osmandPort, 'SPD-SUV-103', {
      lat: String(at.lat),
      lon: String(at.lng),
      accuracy: '5',
      alerting: '0',
    });

    await page.goto(`${server.url}/dashboard/things`);
    await page.getByRole('grid', { name: 'Assets' }).waitFor();
    await page.getByRole('switch', { name: 'Density View' }).check();
    await page.waitForFunction(() => (window as MapWindow).__flareMap?.loaded() === true);
    // Grouping happens below zoom 14.
    await page.evaluate(() => (window as MapWindow).__flareMap!.jumpTo({ zoom: 12 }));
    await page.getByRole('img', { name: 'Station: 1 assets' }).waitFor();
    await page.evaluate(() => (window as MapWindow).__flareMap!.jumpTo({ zoom: 15 }));
    await page.getByRole('img', { name: 'Station: 1 assets' }).waitFor({ state: 'detached' });

    // In the Areas section, the station's icon with its count; "Jump to your saved areas..." finds it.
    await page.goto(`${server.url}/dashboard/areas`);
    await page.getByRole('button', { name: 'Station 3: 1 assets' }).waitFor();
    await page.waitForFunction(() => (window as MapWindow).__flareMap?.loaded() === true);
    await page.evaluate(() => (window as MapWindow).__flareMap!.jumpTo({ zoom: 10 }));
    await page.getByPlaceholder('Jump to your saved areas...').fill('stat');
    await page.getByRole('option', { name: 'Station 3' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const map = (window as MapWindow).__flareMap!;
          const { lng, lat } = map.getCenter();
          return map.isMoving() ? null : [lng.toFixed(3), lat.toFixed(3)];
        }),
      )
      .toEqual([at.lng.toFixed(3), at.lat.toFixed(3)]);
    await expectAccessible(page);
    // Its icon opens it, and its shape is drawn while it is open.
    await page.getByRole('button', { name: 'Station 3: 1 assets' }).click();
    await main().getByRole('heading', { level: 1, name: 'Station 3' }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const map = (window as MapWindow).__flareMap!;
          return map.isMoving() ? 0 : map.queryRenderedFeatures({ layers: ['flare-area-fill'] }).length;
        }),
      )
      .toBeGreaterThan(0);
  });
});
