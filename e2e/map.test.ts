/**
 * The live map in a real browser (SwiftShader WebGL) against a real server with no network: the
 * offline basemap renders, zoom, the map types without satellite tiles, the right-click menu copying
 * coordinates and a plus code, find-my-location granted and denied, the fallback from an unreachable
 * remote style, and the WebGL dialog in a browser without WebGL.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@flare/core/messages';
import {
  expectAccessible,
  launchChromium,
  openBrowser,
  type Browser,
  type PageOptions,
} from './support/browser';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';
import { mapRegion, rightClickMap } from './support/test-map';
import { accessTokenOf } from './support/api';
import { demoOrganizationId } from '@flare/server/src/seed/demo-data';

const USER = 'user@springfield-pd.test';
const HOME: [number, number] = [-89.6332, 39.7986];
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAEhgGAWzGq9wAAAABJRU5ErkJggg==';

/** What the tests read of the page's MapLibre map (exposed to test pages). */
interface TestMap {
  getZoom(): number;
  getCenter(): { lng: number; lat: number };
  getStyle(): { name?: string; layers: Array<{ id: string }> };
  getCanvas(): HTMLCanvasElement;
  loaded(): boolean;
  isMoving(): boolean;
  unproject(point: [number, number]): { lng: number; lat: number };
  project(lngLat: [number, number]): { x: number; y: number };
  getLayer(id: string): unknown;
  queryRenderedFeatures(options: { layers: string[] }): unknown[];
  getLayoutProperty(id: string, name: string): unknown;
  isSourceLoaded(id: string): boolean;
}
type MapWindow = Window & { __flareMap?: TestMap };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page with the map over a plain background, unless the test looks at the basemap. */
const newPage = (options: PageOptions = {}) => browser.newPage({ map: 'blank', ...options });

/**
 * Waits until the map has loaded and opened on the fleet: the assets have loaded (their list shows)
 * and the map's tools are in place, the opening fit running as the later of the two renders.
 */
async function mapOpened(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as MapWindow).__flareMap?.loaded() === true, null, {
    timeout: 30_000,
  });
  await page.getByRole('grid', { name: 'Assets' }).waitFor();
  await page.getByRole('button', { name: 'Show all' }).waitFor();
}

/** Signs in and waits until the map has loaded and opened on the fleet. */
async function openMap(page: Page, url = server.url): Promise<void> {
  await signInAs(page, url, USER);
  await mapOpened(page);
}

interface FleetAsset {
  nickname: string | null;
  position: [lng: number, lat: number];
}

/**
 * The user's assets with a position, as the API has them; only those of one organisation when told
 * (the map opens on the user's own, another organisation's shared arrow boards shown beside them).
 */
function fleet(page: Page, organizationId?: string): Promise<FleetAsset[]> {
  return page.evaluate(async (organizationId) => {
    const { token } = JSON.parse(localStorage.getItem('flare.auth') ?? '{}') as { token: string };
    const response = await fetch('/api/organization/things', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await response.json()) as {
      data: Array<{
        nickname: string | null;
        lat: number | null;
        lng: number | null;
        organization: { id: string };
      }>;
    };
    return data.flatMap(({ nickname, lat, lng, organization }): FleetAsset[] =>
      lat === null || lng === null || (organizationId !== undefined && organization.id !== organizationId)
        ? []
        : [{ nickname, position: [lng, lat] }],
    );
  }, organizationId);
}

/** The positions on the map's canvas, and the canvas's size in CSS pixels. */
function projected(page: Page, positions: Array<[number, number]>) {
  return page.evaluate((lngLats) => {
    const map = (window as MapWindow).__flareMap!;
    const canvas = map.getCanvas();
    return {
      points: lngLats.map((lngLat) => map.project(lngLat)),
      width: canvas.clientWidth,
      height: canvas.clientHeight,
    };
  }, positions);
}

const mapState = (page: Page) =>
  page.evaluate(() => {
    const map = (window as MapWindow).__flareMap!;
    const centre = map.getCenter();
    return { zoom: map.getZoom(), lng: centre.lng, lat: centre.lat, style: map.getStyle().name };
  });

const settled = (page: Page) =>
  page.waitForFunction(() => !(window as MapWindow).__flareMap!.isMoving(), null, { timeout: 10_000 });

describe('the live map', () => {
  it('renders the offline basemap with no network, opened on the fleet, and passes the accessibility check', async () => {
    const page = await newPage({ map: 'basemap' });
    await openMap(page);
    const region = mapRegion(page);
    await region.locator('canvas').waitFor();
    const state = await mapState(page);
    expect(state.style).toBe('Flare offline');
    // Opened on the organisation's own units (live-map-view.test.ts checks the fit itself): each inside
    // the 50 px padding, at most at the fit's maximum zoom (here they stand together).
    const positions = (await fleet(page, demoOrganizationId('springfield-pd'))).map(
      (asset) => asset.position,
    );
    expect(positions.length).toBeGreaterThan(1);
    const { points, width, height } = await projected(page, positions);
    const margins = points.flatMap(({ x, y }) => [x, width - x, y, height - y]);
    expect(Math.min(...margins)).toBeGreaterThanOrEqual(49);
    expect(state.zoom).toBeLessThanOrEqual(17);
    // The land polygon is drawn under the fleet (Springfield, Illinois).
    const land = await page.evaluate(
      () => (window as MapWindow).__flareMap!.queryRenderedFeatures({ layers: ['land'] }).length,
    );
    expect(land).toBeGreaterThan(0);
    await expectAccessible(page);
    await page.close();
  });

  it('opens a shared filtered link on the assets it shows, at most at zoom 17, and leaves the view to the user', async () => {
    const page = await newPage();
    await openMap(page);
    const assets = await fleet(page);
    const arrowBoard = assets.find((asset) => asset.nickname === 'Arrow Board 105')!.position;
    await page.goto(`${server.url}/dashboard/things?q=Arrow+Board+105`);
    await mapOpened(page);
    // One asset: centred on it at the fit's maximum zoom, the rest of the fleet out of view.
    const state = await mapState(page);
    expect(state.zoom).toBeCloseTo(17, 5);
    expect(state.lng).toBeCloseTo(arrowBoard[0], 5);
    expect(state.lat).toBeCloseTo(arrowBoard[1], 5);
    const others = assets.filter((asset) => asset.nickname !== 'Arrow Board 105');
    const { points, width, height } = await projected(
      page,
      others.map((asset) => asset.position),
    );
    expect(points.length).toBeGreaterThan(0);
    expect(points.every(({ x, y }) => x < 0 || x > width || y < 0 || y > height)).toBe(true);

    // Once per load: the map stays where the user zooms it as the assets keep changing.
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await settled(page);
    await page.getByLabel('Search for an asset').fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await page.getByRole('grid', { name: 'Assets' }).getByRole('row').nth(1).waitFor();
    expect((await mapState(page)).zoom).toBeCloseTo(16, 5);
    await page.close();
  });

  it('zooms in with the zoom button; satellite and hybrid are unavailable without tiles, saying why', async () => {
    const page = await newPage();
    await openMap(page);
    const before = (await mapState(page)).zoom;
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.waitForFunction((zoom) => (window as MapWindow).__flareMap!.getZoom() >= zoom + 0.99, before, {
      timeout: 10_000,
    });

    const satellite = page.getByRole('button', { name: 'Satellite' });
    expect(await satellite.getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('button', { name: 'Hybrid' }).getAttribute('aria-disabled')).toBe('true');
    await satellite.hover();
    await expect(page.getByRole('tooltip').textContent()).resolves.toBe(MESSAGES.satelliteUnavailable);
    await satellite.click({ force: true }); // an aria-disabled button still takes clicks: they must do nothing
    expect(await page.getByRole('button', { name: 'Roadmap' }).getAttribute('aria-pressed')).toBe('true');
    await page.close();
  });

  it('right-click menu copies the coordinates and the plus code of the point, showing "Copied"', async () => {
    const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await openMap(page);
    await settled(page);
    const point = await rightClickMap(page);
    const coordinates = `${point.lat.toFixed(6)}, ${point.lng.toFixed(6)}`;

    const menu = page.getByRole('menu', { name: 'Map point' });
    await menu.waitFor();
    await expectAccessible(page);
    const copyCoordinates = menu.getByRole('menuitem', { name: /Copy coordinates/ });
    expect(await copyCoordinates.textContent()).toContain(coordinates);
    await copyCoordinates.click();
    await menu.getByRole('menuitem', { name: `Copy coordinates ${MESSAGES.copied}` }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(coordinates);
    // Back to the coordinates after 2 s.
    await menu.getByRole('menuitem', { name: `Copy coordinates ${coordinates}` }).waitFor();

    const expected = await threeWordAddress(point.lat, point.lng);
    expect(expected).toEqual({
      address: expect.stringMatching(/^[23456789CFGHJMPQRVWX]{8}\+[23456789CFGHJMPQRVWX]{2}$/),
      provider: 'plus_code',
    });
    const copyPlusCode = menu.getByRole('menuitem', { name: `Copy plus code ${expected.address}` });
    await copyPlusCode.click();
    await menu.getByRole('menuitem', { name: `Copy plus code ${MESSAGES.copied}` }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected.address);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('find my location centres at zoom 17 on the position the browser gives, and clears on a second press', async () => {
    const page = await newPage({
      geolocation: { latitude: HOME[1], longitude: HOME[0] },
      permissions: ['geolocation'],
    });
    await openMap(page);
    await page.getByRole('button', { name: 'Find my location' }).click();
    await page.getByRole('button', { name: 'Clear my location' }).waitFor();
    await page.waitForFunction(
      () => (window as MapWindow).__flareMap!.getLayer('flare-my-location') !== undefined,
    );
    await settled(page);
    const state = await mapState(page);
    expect(state.zoom).toBeCloseTo(17, 5);
    expect(state.lng).toBeCloseTo(HOME[0], 5);
    expect(state.lat).toBeCloseTo(HOME[1], 5);

    await page.getByRole('button', { name: 'Clear my location' }).click();
    await page.getByRole('button', { name: 'Find my location' }).waitFor();
    expect(
      await page.evaluate(
        () => (window as MapWindow).__flareMap!.getLayer('flare-my-location') === undefined,
      ),
    ).toBe(true);
    await page.close();
  });

  it('find my location tells the user to enable location services when permission is denied', async () => {
    const page = await newPage();
    await openMap(page);
    const before = await mapState(page);
    await page.getByRole('button', { name: 'Find my location' }).click();
    const alert = page.getByRole('alert').filter({ hasText: MESSAGES.geolocationDenied });
    await alert.waitFor({ timeout: 15_000 });
    await expectAccessible(page);
    await alert.getByRole('button', { name: 'Close location message' }).click();
    await alert.waitFor({ state: 'hidden' });
    expect((await mapState(page)).zoom).toBeCloseTo(before.zoom, 5);
    await page.close();
  });

  it('shows imagery from the configured satellite tiles, with the basemap lines over it in hybrid', async () => {
    // Its own server, configured with the tiles: the page's Content-Security-Policy allows their host.
    const imagery = await startServer({
      env: { MAP_SATELLITE_TILES: 'https://imagery.test/{z}/{x}/{y}.png' },
    });
    onTestFinished(() => imagery.stop());
    const page = await newPage({ map: 'basemap' });
    const tiles: string[] = [];
    await page.route('https://imagery.test/**', (route) => {
      tiles.push(route.request().url());
      return route.fulfill({ contentType: 'image/png', body: Buffer.from(ONE_PIXEL_PNG, 'base64') });
    });
    await openMap(page, imagery.url);
    const visibility = () =>
      page.evaluate(() => {
        const map = (window as MapWindow).__flareMap!;
        return Object.fromEntries(
          ['flare-satellite', 'land', 'country-borders'].map((id) => [
            id,
            map.getLayer(id) ? (map.getLayoutProperty(id, 'visibility') ?? 'visible') : 'absent',
          ]),
        );
      });
    expect(await visibility()).toEqual({
      'flare-satellite': 'absent',
      land: 'visible',
      'country-borders': 'visible',
    });

    await page.getByRole('button', { name: 'Satellite' }).click();
    await page.waitForFunction(() => (window as MapWindow).__flareMap!.isSourceLoaded('flare-satellite'));
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles[0]).toMatch(/^https:\/\/imagery\.test\/\d+\/\d+\/\d+\.png$/);
    expect(await visibility()).toEqual({
      'flare-satellite': 'visible',
      land: 'none',
      'country-borders': 'none',
    });

    await page.getByRole('button', { name: 'Hybrid' }).click();
    expect(await visibility()).toEqual({
      'flare-satellite': 'visible',
      land: 'none',
      'country-borders': 'visible',
    });

    await page.getByRole('button', { name: 'Roadmap' }).click();
    expect(await visibility()).toEqual({
      'flare-satellite': 'none',
      land: 'visible',
      'country-borders': 'visible',
    });
    await expectAccessible(page);
    await page.close();
  });

  it('falls back to the offline basemap when the default OpenFreeMap style cannot be reached', async () => {
    const page = await newPage({ map: 'basemap' });
    // The server's default, as a server with internet access would answer, and no route to it.
    await page.route('**/api/map/config', (route) =>
      route.fulfill({
        json: {
          style_url: 'https://tiles.openfreemap.org/styles/liberty',
          satellite_tiles_url: null,
          three_word_provider: 'plus_code',
        },
      }),
    );
    await page.route('https://tiles.openfreemap.org/**', (route) => route.abort('internetdisconnected'));
    await openMap(page);
    expect((await mapState(page)).style).toBe('Flare offline');
    await page.close();
  });

  it('draws the offline basemap within 4 s when the style host never answers', async () => {
    // The page's clock decides when the wait for the style ends; the test moves it.
    const page = await newPage({ map: 'basemap', clock: true });
    await page.route('**/api/map/config', (route) =>
      route.fulfill({
        json: { style_url: '/late/style.json', satellite_tiles_url: null, three_word_provider: 'plus_code' },
      }),
    );
    // The style host holds the request: it answers, with a valid style, only once the test lets it.
    let styleAsked = false;
    let answerStyle = () => {};
    const answered = new Promise<void>((resolve) => (answerStyle = resolve));
    await page.route('**/late/style.json', async (route) => {
      styleAsked = true;
      await answered;
      await route
        .fulfill({ json: { version: 8, name: 'Late style', sources: {}, layers: [] } })
        .catch(() => undefined); // the page stopped waiting and dropped the request
    });
    await signInAs(page, server.url, USER);
    await expect.poll(() => styleAsked).toBe(true);
    // 3 s of the page's time after the question (pausing moves it on a second first): the wait for the
    // style must be over by then, leaving the fourth second to draw the offline one.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.clock.runFor(2_000);
    // Had the map still been waiting, the style now arriving would be the one drawn.
    answerStyle();
    await page.clock.resume();
    await mapOpened(page);
    expect((await mapState(page)).style).toBe('Flare offline');
    const land = await page.evaluate(
      () => (window as MapWindow).__flareMap!.queryRenderedFeatures({ layers: ['land'] }).length,
    );
    expect(land).toBeGreaterThan(0);
    await page.close();
  });
});

describe('without WebGL', () => {
  it('shows no map but the dialog on enabling WebGL', async () => {
    const noWebgl = await launchChromium([
      '--no-sandbox',
      '--disable-gpu',
      '--disable-webgl',
      '--disable-3d-apis',
      '--no-first-run',
    ]);
    try {
      const page = await noWebgl.newPage({ viewport: { width: 1280, height: 800 } });
      await signInAs(page, server.url, USER);
      const dialog = page.getByRole('dialog', { name: MESSAGES.webglRequired });
      await dialog.waitFor();
      for (const name of ['Chrome', 'Firefox', 'Safari']) {
        await dialog.getByRole('heading', { name }).waitFor();
      }
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await page.getByRole('button', { name: 'How to enable WebGL' }).waitFor();
      expect(await mapRegion(page).locator('canvas').count()).toBe(0);
    } finally {
      await noWebgl.close();
    }
  });
});

async function threeWordAddress(lat: number, lng: number): Promise<{ address: string; provider: string }> {
  const access_token = await accessTokenOf(server.url, USER);
  const query = new URLSearchParams({ lat: lat.toFixed(6), lng: lng.toFixed(6) });
  const response = await fetch(`${server.url}/api/map/three-word-address?${query}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  return (await response.json()) as { address: string; provider: string };
}
