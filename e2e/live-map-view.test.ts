/**
 * Where the live map looks, against a real server: it opens fitted to the shown assets (a filtered
 * link to what the filter shows), remembers the user's last view in this browser and offers it back
 * after a reload without forcing it, and Follow keeps a moving asset in view until the user drags
 * the map, which ends following and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { sendOsmandReport } from './support/osmand';
import { signInAs } from './support/sign-in';
import { freePort, startServer, type RunningServer } from './support/server';
import { exposeMap } from './support/test-map';

const USER = 'user@springfield-pd.test';
/** Reported by the test: it moves only when the test says. */
const CAR = { device: 'SPD-CAR-101', name: 'Patrol 101', lng: -89.62, lat: 39.77 };

interface TestMap {
  getZoom(): number;
  getCenter(): { lng: number; lat: number };
  getCanvas(): HTMLCanvasElement;
  loaded(): boolean;
  isMoving(): boolean;
  project(lngLat: [number, number]): { x: number; y: number };
}
interface Item {
  id: string;
  name: string;
  position: [number, number];
}
type TestWindow = Window & { __flareMap?: TestMap; __flareThingsLayer?: { items(): Item[] } };

let server: RunningServer;
let browser: Browser;
let osmandPort: number;

beforeAll(async () => {
  osmandPort = await freePort();
  [server, browser] = await Promise.all([
    startServer({ env: { OSMAND_PORT: String(osmandPort) } }),
    openBrowser(),
  ]);
  await sendOsmandReport(osmandPort, CAR.device, { lat: String(CAR.lat), lon: String(CAR.lng) });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const offer = (page: Page) => page.getByRole('button', { name: 'Return to your last view' });

const view = (page: Page) =>
  page.evaluate(() => {
    const map = (window as TestWindow).__flareMap!;
    const { lng, lat } = map.getCenter();
    return { lng, lat, zoom: map.getZoom() };
  });

const settled = (page: Page) =>
  page.waitForFunction(() => (window as TestWindow).__flareMap?.isMoving() === false, null, {
    timeout: 10_000,
  });

/**
 * The drawn assets once the map has loaded and opened on them (their list shows, the tools are
 * there, `count` assets drawn when given, else some).
 */
async function opened(page: Page, count?: number): Promise<Item[]> {
  await page.waitForFunction(() => (window as TestWindow).__flareMap?.loaded() === true, null, {
    timeout: 30_000,
  });
  await page.getByRole('grid', { name: 'Assets' }).waitFor();
  await page.getByRole('button', { name: 'Show all' }).waitFor();
  const items = () => page.evaluate(() => (window as TestWindow).__flareThingsLayer?.items() ?? []);
  await expect
    .poll(async () => (await items()).length, { timeout: 30_000 })
    .toSatisfy((drawn: number) => (count === undefined ? drawn > 0 : drawn === count));
  await settled(page);
  return items();
}

/** How far each position is from the canvas's edges, in CSS pixels (negative: out of view). */
function margins(page: Page, positions: Array<[number, number]>) {
  return page.evaluate((lngLats) => {
    const map = (window as TestWindow).__flareMap!;
    const canvas = map.getCanvas();
    return lngLats.flatMap((lngLat) => {
      const { x, y } = map.project(lngLat);
      return [x, canvas.clientWidth - x, y, canvas.clientHeight - y];
    });
  }, positions);
}

async function newMapPage(): Promise<Page> {
  const page = await browser.newPage();
  await exposeMap(page);
  return page;
}

/** A drag on the map from its middle, a little below the controls at its top. */
async function dragMap(page: Page, by: { x: number; y: number }): Promise<void> {
  const box = (await page.getByRole('region', { name: 'Map' }).boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 + 100 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + by.x, from.y + by.y, { steps: 10 });
  await page.mouse.up();
  await settled(page);
}

describe('the live map view', () => {
  it('opens fitted to the shown assets and, after a reload, offers the last view back', async () => {
    const page = await newMapPage();
    await signInAs(page, server.url, USER);
    const shown = await opened(page);
    expect(shown.length).toBeGreaterThan(2);
    const fitted = async () => {
      const edges = await margins(
        page,
        shown.map((item) => item.position),
      );
      // As show-all fits: every asset inside the 50 px padding, the extent reaching it on one side.
      expect(Math.min(...edges)).toBeCloseTo(50, 0);
      expect((await view(page)).zoom).toBeLessThan(17);
    };
    await fitted();
    // Nothing to offer on a first visit.
    expect(await offer(page).count()).toBe(0);

    // The user looks closer somewhere else; the map remembers it.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await settled(page);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await settled(page);
    await dragMap(page, { x: -150, y: -80 });
    const last = await view(page);

    // Reloaded, it opens on the assets again and offers the way back, without taking it.
    await page.reload();
    await opened(page, shown.length);
    await fitted();
    await offer(page).waitFor();
    await expectAccessible(page);
    await offer(page).click();
    await offer(page).waitFor({ state: 'detached' });
    await settled(page);
    const back = await view(page);
    expect(back.zoom).toBeCloseTo(last.zoom, 6);
    expect(back.lng).toBeCloseTo(last.lng, 6);
    expect(back.lat).toBeCloseTo(last.lat, 6);
    await page.close();
  });

  it('opens a filtered link fitted to what the filter shows, still offering the last view', async () => {
    const page = await newMapPage();
    await signInAs(page, server.url, USER);
    await opened(page);
    // The view it opened on is the last one now.
    await page.goto(`${server.url}/dashboard/things?q=Arrow+Board+105`);
    const [board] = await opened(page, 1);
    const state = await view(page);
    expect(state.zoom).toBeCloseTo(17, 5);
    expect(state.lng).toBeCloseTo(board!.position[0], 5);
    expect(state.lat).toBeCloseTo(board!.position[1], 5);
    await offer(page).waitFor();
    await expectAccessible(page);
    await page.close();
  });

  it('follows the selected asset as it moves, until the user drags the map', async () => {
    const page = await newMapPage();
    await signInAs(page, server.url, USER);
    await opened(page);
    await page.getByLabel('Search for an asset').fill(CAR.name);
    await expect.poll(() => page.getByRole('grid', { name: 'Assets' }).getByRole('row').count()).toBe(1);
    await page.getByRole('grid', { name: 'Assets' }).getByTitle(CAR.name, { exact: true }).click();
    await page.getByRole('heading', { name: CAR.name }).waitFor();
    await settled(page);

    const follow = page.getByRole('button', { name: 'Follow', exact: true });
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    await follow.click();
    expect(await follow.getAttribute('aria-pressed')).toBe('true');

    // Far out of the view at this zoom: the map follows it there.
    const moved = { lng: CAR.lng + 0.05, lat: CAR.lat + 0.01 };
    await sendOsmandReport(osmandPort, CAR.device, { lat: String(moved.lat), lon: String(moved.lng) });
    await expect
      .poll(
        async () => {
          const { lng, lat } = await view(page);
          return Math.hypot(lng - moved.lng, lat - moved.lat) < 1e-6;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await settled(page);
    expect(Math.min(...(await margins(page, [[moved.lng, moved.lat]])))).toBeGreaterThan(100);
    await expectAccessible(page);

    // A drag means the user looks elsewhere: following ends, and the map says so.
    await dragMap(page, { x: 200, y: 60 });
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    const ended = page.getByRole('status').filter({ hasText: 'Follow ended: you moved the map.' });
    await ended.waitFor();
    await expectAccessible(page);
    const left = await view(page);

    const again = { lng: moved.lng + 0.05, lat: moved.lat };
    await sendOsmandReport(osmandPort, CAR.device, { lat: String(again.lat), lon: String(again.lng) });
    await expect
      .poll(
        () =>
          page.evaluate(
            (name) =>
              (window as TestWindow).__flareThingsLayer?.items().find((item) => item.name === name)?.position,
            CAR.name,
          ),
        { timeout: 15_000 },
      )
      .toEqual([again.lng, again.lat]);
    await settled(page);
    expect(await view(page)).toEqual(left);
    await page.close();
  });
});
