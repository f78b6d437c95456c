/**
 * Where the live map looks, against a real server, on a desktop and on a phone (touch): it opens
 * fitted to the shown assets (a filtered link to what the filter shows), remembers each user's last
 * view in this browser and offers it back after a reload without forcing it, and Follow keeps a
 * moving asset in view (on a phone, above the asset's sheet) through the user's zooming (on a phone,
 * a pinch, which MapLibre also reports as a drag) until the user drags the map, which ends following
 * and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demoFleet, demoThingId } from '@flare/server/src/seed/demo-fleet';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { sendOsmandReport } from './support/osmand';
import { fillSignIn, signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';
import { touchDrag, touchPinch } from './support/touch';
import { mapRegion } from './support/test-map';

const USER = 'user@springfield-pd.test';
/** Another user of the same organisation, on the same browser. */
const OTHER_USER = 'admin@springfield-pd.test';
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
/** The demo police department's own assets (its user also sees another organisation's arrow boards). */
const SPRINGFIELD_UNITS = new Set(
  demoFleet()
    .filter((asset) => asset.organization === 'springfield-pd')
    .map((asset) => demoThingId(asset.deviceId)),
);

interface Item {
  id: string;
  name: string;
  position: [number, number];
}
type TestWindow = Window & { __flareMap?: TestMap; __flareThingsLayer?: { items(): Item[] } };
type Point = { x: number; y: number };

let server: RunningServer;
let browser: Browser;
let osmandPort: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
  osmandPort = server.osmandPort;
  await sendOsmandReport(osmandPort, CAR.device, { lat: String(CAR.lat), lon: String(CAR.lng) });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** How each kind of screen is used: what differs between a desktop and a phone, and only that. */
interface Device {
  name: string;
  newPage(): Promise<Page>;
  /** Uncovers the map where the section covers it: on a phone, the list or the asset (then a sheet). */
  showMap(page: Page): Promise<void>;
  press(target: Locator): Promise<void>;
  /** The user drags the map by `by`, from a point of the map in sight. */
  dragMap(page: Page, by: Point): Promise<void>;
  /** The user zooms the map in by hand around `at`, a point of the page. */
  zoomMapIn(page: Page, at: Point): Promise<void>;
}

const DESKTOP: Device = {
  name: 'desktop',
  newPage: () => browser.newPage({ map: 'blank' }),
  showMap: () => Promise.resolve(),
  press: (target) => target.click(),
  async dragMap(page, by) {
    // From the map's middle, a little below the controls at its top.
    const box = (await mapRegion(page).boundingBox())!;
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 + 100 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + by.x, from.y + by.y, { steps: 10 });
    await page.mouse.up();
  },
  async zoomMapIn(page, at) {
    await page.mouse.move(at.x, at.y);
    await page.mouse.wheel(0, -600);
    // Then on, off the asset: the info window its hover opened would cover it.
    await page.mouse.move(at.x + 150, at.y);
  },
};

const PHONE: Device = {
  name: 'phone',
  newPage: () => browser.newPage({ map: 'blank', viewport: { width: 390, height: 800 }, touch: true }),
  async showMap(page) {
    await page.getByRole('radiogroup', { name: 'Map or list' }).getByText('Map', { exact: true }).tap();
    // Out of the accessibility tree while covered.
    await mapRegion(page).waitFor();
  },
  press: (target) => target.tap(),
  async dragMap(page, by) {
    // A finger's drag in the map's upper part, below its top controls: an asset's sheet covers
    // the lower part.
    const box = (await mapRegion(page).boundingBox())!;
    await touchDrag(page, { x: box.x + box.width / 2, y: box.y + box.height * 0.3 }, by);
  },
  // Two fingers spread apart, their midpoint drifting as a hand's does: more than MapLibre's 3 px
  // click tolerance, so its touch pan, which follows the midpoint, reports a drag too.
  zoomMapIn: (page, at) => touchPinch(page, at, { from: 60, to: 180 }, { x: 12, y: -8 }),
};

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
 * there, under the list on a phone, `count` assets drawn when given, else some).
 */
async function opened(page: Page, count?: number): Promise<Item[]> {
  await page.waitForFunction(() => (window as TestWindow).__flareMap?.loaded() === true, null, {
    timeout: 30_000,
  });
  await page.getByRole('grid', { name: 'Assets' }).waitFor();
  await page.getByRole('button', { name: 'Show all', includeHidden: true }).waitFor();
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

/**
 * Whether the map shows the position and `around` pixels on each side of it: there, nothing covers
 * the map (no sheet, panel or control) and it is inside the map.
 */
function inSight(page: Page, position: [number, number], around: number) {
  return page.evaluate(
    ([lngLat, radius]) => {
      const map = (window as TestWindow).__flareMap!;
      const canvas = map.getCanvas();
      const box = canvas.getBoundingClientRect();
      const { x, y } = map.project(lngLat);
      const spots = [
        [x, y],
        [x - radius, y],
        [x + radius, y],
        [x, y - radius],
        [x, y + radius],
      ];
      return spots.every(([left, top]) => document.elementFromPoint(box.x + left!, box.y + top!) === canvas);
    },
    [position, around] as const,
  );
}

/** Where a position of the map is on the page. */
const onPage = (page: Page, position: [number, number]) =>
  page.evaluate((lngLat) => {
    const map = (window as TestWindow).__flareMap!;
    const box = map.getCanvas().getBoundingClientRect();
    const { x, y } = map.project(lngLat);
    return { x: box.x + x, y: box.y + y };
  }, position);

/** Whether the element on top at the locator's centre is the locator's own (nothing covers it). */
const onTop = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && element.contains(top);
  });

/** Whether the offer covers any of the top corners' controls shown: area search, organisation, account menu. */
async function coversCorners(page: Page): Promise<boolean> {
  const box = (await offer(page).boundingBox())!;
  const corners = [
    page.getByLabel('Jump to your saved areas'),
    page.getByText('Springfield Police Department', { exact: true }),
    page.getByRole('button', { name: /^Account menu/ }),
  ];
  for (const corner of corners)
    for (const shown of await corner.all()) {
      const other = await shown.boundingBox();
      if (
        other &&
        box.x < other.x + other.width &&
        other.x < box.x + box.width &&
        box.y < other.y + other.height &&
        other.y < box.y + box.height
      )
        return true;
    }
  return false;
}

async function signOut(device: Device, page: Page): Promise<void> {
  await device.press(page.getByRole('button', { name: /^Account menu/ }));
  await device.press(page.getByRole('menuitem', { name: 'Sign Out' }));
  await page.waitForURL('**/welcome/signin');
}

for (const device of [DESKTOP, PHONE]) {
  describe(`the live map view on a ${device.name}`, () => {
    it("opens fitted to the organisation's own shown units and, after a reload, offers the last view back", async () => {
      const page = await device.newPage();
      await signInAs(page, server.url, USER);
      const shown = await opened(page);
      // Capital Road Works' arrow boards are shown too (shared with Springfield), but the map opens on
      // Springfield's own units.
      const own = shown.filter((item) => SPRINGFIELD_UNITS.has(item.id));
      expect(own.length).toBeGreaterThan(2);
      expect(own.length).toBeLessThan(shown.length);
      await device.showMap(page);
      const fitted = async () => {
        const edges = await margins(
          page,
          own.map((item) => item.position),
        );
        // As show-all fits: every asset inside the 50 px padding, the extent reaching it on one side.
        expect(Math.min(...edges)).toBeCloseTo(50, 0);
        expect((await view(page)).zoom).toBeLessThan(17);
      };
      await fitted();
      // Nothing to offer on a first visit.
      expect(await offer(page).count()).toBe(0);

      // The user looks closer somewhere else; the map remembers it.
      await device.press(page.getByRole('button', { name: 'Zoom in' }));
      await settled(page);
      await device.press(page.getByRole('button', { name: 'Zoom in' }));
      await settled(page);
      await device.dragMap(page, { x: -150, y: -80 });
      await settled(page);
      const last = await view(page);

      // Reloaded, it opens on the assets again and offers the way back, without taking it.
      await page.reload();
      await opened(page, shown.length);
      await device.showMap(page);
      await fitted();
      await offer(page).waitFor();
      expect(await onTop(offer(page))).toBe(true);
      expect(await coversCorners(page)).toBe(false);
      await expectAccessible(page);
      await device.press(offer(page));
      await offer(page).waitFor({ state: 'detached' });
      await settled(page);
      const back = await view(page);
      expect(back.zoom).toBeCloseTo(last.zoom, 6);
      expect(back.lng).toBeCloseTo(last.lng, 6);
      expect(back.lat).toBeCloseTo(last.lat, 6);
      await page.close();
    });

    it("opens a filtered link fitted to what the filter shows, offering the user's own last view", async () => {
      const link = `${server.url}/dashboard/things?q=Arrow+Board+105`;
      const openLink = async () => {
        await page.goto(link);
        const [board] = await opened(page, 1);
        await device.showMap(page);
        const state = await view(page);
        expect(state.zoom).toBeCloseTo(17, 5);
        expect(state.lng).toBeCloseTo(board!.position[0], 5);
        expect(state.lat).toBeCloseTo(board!.position[1], 5);
      };
      const page = await device.newPage();
      await signInAs(page, server.url, USER);
      await opened(page);
      // The view it opened on is the last one now.
      await openLink();
      await offer(page).waitFor();
      await expectAccessible(page);

      // Another user on this browser has no last view of their own yet: nothing is offered.
      await signOut(device, page);
      // The Support dialog greets a tab only once.
      await fillSignIn(page, OTHER_USER);
      await page.waitForURL('**/dashboard/**');
      await openLink();
      expect(await offer(page).count()).toBe(0);
      await page.close();
    });

    it('follows the selected asset as it moves, through zooming, until the user drags the map', async () => {
      // Where it started, whichever screen followed it before.
      await sendOsmandReport(osmandPort, CAR.device, { lat: String(CAR.lat), lon: String(CAR.lng) });
      const page = await device.newPage();
      await signInAs(page, server.url, USER);
      await opened(page);
      await page.getByLabel('Search for an asset').fill(CAR.name);
      await expect.poll(() => page.getByRole('grid', { name: 'Assets' }).getByRole('row').count()).toBe(1);
      await device.press(page.getByRole('grid', { name: 'Assets' }).getByTitle(CAR.name, { exact: true }));
      await page.getByRole('heading', { name: CAR.name }).waitFor();
      // On a phone the asset then shows as a sheet over the lower part of the map.
      await device.showMap(page);
      await settled(page);

      const follow = page.getByRole('button', { name: 'Follow', exact: true });
      expect(await follow.getAttribute('aria-pressed')).toBe('false');
      expect(await onTop(follow)).toBe(true);
      await device.press(follow);
      expect(await follow.getAttribute('aria-pressed')).toBe('true');

      // Far out of the view at this zoom: the map follows it there, in sight.
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
      expect(await inSight(page, [moved.lng, moved.lat], 100)).toBe(true);
      await expectAccessible(page);

      // Zooming in by hand around it is not looking elsewhere: still following.
      const before = await view(page);
      await device.zoomMapIn(page, await onPage(page, [moved.lng, moved.lat]));
      // A wheel's zoom starts a frame or two later.
      await expect.poll(async () => (await view(page)).zoom).toBeGreaterThan(before.zoom + 0.5);
      await settled(page);
      expect(await follow.getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByText('Follow ended', { exact: false }).count()).toBe(0);
      expect(await inSight(page, [moved.lng, moved.lat], 100)).toBe(true);

      // A drag means the user looks elsewhere: following ends, and the map says so.
      await device.dragMap(page, { x: 150, y: 60 });
      await settled(page);
      expect(await follow.getAttribute('aria-pressed')).toBe('false');
      const ended = page.getByRole('status').filter({ hasText: 'Follow ended: you moved the map.' });
      await ended.waitFor();
      expect(await onTop(ended)).toBe(true);
      await expectAccessible(page);
      const left = await view(page);

      const again = { lng: moved.lng + 0.05, lat: moved.lat };
      await sendOsmandReport(osmandPort, CAR.device, { lat: String(again.lat), lon: String(again.lng) });
      await expect
        .poll(
          () =>
            page.evaluate(
              (name) =>
                (window as TestWindow).__flareThingsLayer?.items().find((item) => item.name === name)
                  ?.position,
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
}
