/**
 * The Trips section against a real server: a patrol car's two drives reported through the OsmAnd
 * port as Traccar Client sends them; the trip report form (its rules' messages), the runs and their
 * summary, the paths drawn on the map, and a replay moving the asset along its run. Axe on each view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { expectInsidePanel, expectNoSidewaysScroll } from './support/fits';
import { sendOsmandReport } from './support/osmand';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';
import { demoTimeInput } from './support/demo-time';

const USER = 'user@springfield-pd.test';
/** Seeded silent and not driven (the simulator is off): its only points are the test's. */
const CAR = { id: 'SPD-CAR-110', name: 'Patrol 110' };
const HOUR = 3_600_000;
/** Two hours ago, on a whole minute. */
const T0 = Math.floor((Date.now() - 2 * HOUR) / 60_000) * 60_000;

interface TestMap {
  loaded(): boolean;
  isMoving(): boolean;
  getZoom(): number;
  getCenter(): { lng: number; lat: number };
  jumpTo(options: { center: [number, number]; zoom: number }): void;
  getBounds(): { contains(position: [number, number]): boolean };
  queryRenderedFeatures(options: { layers: string[] }): Array<{ geometry: { coordinates: number[] } }>;
}
type MapWindow = Window & { __flareMap?: TestMap };

let browser: Browser;
let server: RunningServer;
let page: Page;

/** Ten reports 20 s apart driving north at 20 knots, from `startMs`. */
async function drive(osmandPort: number, startMs: number, fromLat: number) {
  for (let i = 0; i < 10; i++) {
    await sendOsmandReport(osmandPort, CAR.id, {
      timestamp: String((startMs + i * 20_000) / 1000),
      lat: String(fromLat + i * 0.002),
      lon: '-89.65',
      speed: '20',
      bearing: '0',
      accuracy: '5',
    });
  }
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  const osmandPort = server.osmandPort;
  await drive(osmandPort, T0, 39.75);
  // Parked 10 minutes (longer than a stop within a run), then the second drive.
  await drive(osmandPort, T0 + 20 * 60_000, 39.8);
  page = await browser.newPage({ map: 'blank', timezoneId: 'UTC' });
  await signInAs(page, server.url, USER);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Whether every position is inside the map's view (once the map is still). */
const inView = (...positions: Array<[number, number]>) =>
  page.evaluate((shown) => {
    const map = (window as MapWindow).__flareMap!;
    return !map.isMoving() && shown.every((position) => map.getBounds().contains(position));
  }, positions);
const mapZoom = () => page.evaluate(() => (window as MapWindow).__flareMap!.getZoom());

/** How many trip points the map draws once it is still (-1 while it moves). */
const drawnTripPoints = () =>
  page.evaluate(() => {
    const map = (window as MapWindow).__flareMap!;
    return map.isMoving() ? -1 : map.queryRenderedFeatures({ layers: ['flare-trip-points'] }).length;
  });

const replayMarker = () =>
  page.evaluate(
    () =>
      (window as MapWindow).__flareMap?.queryRenderedFeatures({ layers: ['flare-trip-replay'] })[0]?.geometry
        .coordinates ?? null,
  );

describe('Trips', () => {
  it("refuses a report without assets or with the end before the start, in the rules' words", async () => {
    await page.goto(`${server.url}/dashboard/trips`);
    await page.getByRole('heading', { name: 'Trips' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Start time').fill(demoTimeInput(T0));
    await page.getByLabel('End time').fill(demoTimeInput(T0 - HOUR));
    await page.getByRole('button', { name: 'Show Trips' }).click();
    await page.getByText('Must select at least 1 Asset').waitFor();
    await page.getByText('End time must be after Start time').waitFor();
    expect(page.url()).not.toContain('things=');
  });

  it('lists the runs with their summary and draws their paths on the map', async () => {
    await page.getByPlaceholder('Select up to 5 assets').click();
    await page.getByPlaceholder('Select up to 5 assets').fill('Patrol 110');
    await page.getByRole('option', { name: CAR.name, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Start time').fill(demoTimeInput(T0 - 10 * 60_000));
    await page.getByLabel('End time').fill(demoTimeInput(T0 + HOUR));
    await page.getByRole('button', { name: 'Show Trips' }).press('Enter');
    await page.waitForURL(/things=/);
    // The form follows the report without being made again: the button keeps the focus.
    const trips = page.getByRole('region', { name: `Trips of ${CAR.name}` });
    await trips.waitFor();
    expect(
      await page
        .getByRole('button', { name: 'Show Trips' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);

    await expect.poll(() => trips.getByTestId('trip-summary').textContent()).toMatch(/^2 runs · /);
    await expect.poll(() => trips.getByTestId('trip-summary').textContent()).toMatch(/· 1 stop$/);
    expect(await trips.getByRole('row').count()).toBe(3);
    // Every row's actions in view, nothing scrolled sideways (the rows stack in the 400 px panel).
    await expectNoSidewaysScroll(page);
    await expectInsidePanel(page, trips.getByRole('button', { name: /^(Replay|Download)/ }));
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const map = (window as MapWindow).__flareMap;
            return map && !map.isMoving()
              ? map.queryRenderedFeatures({ layers: ['flare-trip-paths'] }).length
              : 0;
          }),
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(2);
    await expectAccessible(page);
  });

  it('draws the trip points at zoom 17 or closer only', async () => {
    const view = await page.evaluate(() => {
      const map = (window as MapWindow).__flareMap!;
      const { lng, lat } = map.getCenter();
      return { center: [lng, lat] as [number, number], zoom: map.getZoom() };
    });
    expect(view.zoom).toBeLessThan(17);
    await expect.poll(drawnTripPoints).toBe(0);
    const jumpTo = (to: { center: [number, number]; zoom: number }) =>
      page.evaluate((options) => (window as MapWindow).__flareMap!.jumpTo(options), to);
    await jumpTo({ center: [-89.65, 39.75], zoom: 16.9 });
    await expect.poll(drawnTripPoints).toBe(0);
    await jumpTo({ center: [-89.65, 39.75], zoom: 17 });
    await expect.poll(drawnTripPoints).toBeGreaterThan(0);
    await jumpTo(view);
  });

  it('replays a run in view: the map fits the run, and follows the asset as the time plays', async () => {
    const tripsZoom = await mapZoom();
    await page
      .getByRole('button', { name: /^Replay the run of/ })
      .first()
      .click();
    const panel = page.getByRole('region', { name: 'Replay' });
    await panel.waitFor();
    await expect.poll(replayMarker).not.toBeNull();
    // Fitted to the first run (closer than the view of both runs), its two ends in view.
    await expect.poll(() => inView([-89.65, 39.75], [-89.65, 39.75 + 9 * 0.002])).toBe(true);
    expect(await mapZoom()).toBeGreaterThan(tripsZoom);
    const start = (await replayMarker())!;
    expect(start[1]).toBeCloseTo(39.75, 3);
    const before = await panel.getByTestId('replay-time').textContent();

    // The user looks elsewhere, zoomed in: the replay brings the asset back into view as it moves.
    await page.evaluate(() => (window as MapWindow).__flareMap!.jumpTo({ center: [-89.6, 39.9], zoom: 16 }));
    expect(await inView([-89.65, 39.75])).toBe(false);
    await panel.getByText('64x').click();
    await panel.getByRole('button', { name: 'Play' }).click();
    await expect
      .poll(async () => (await replayMarker())?.[1] ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(39.752);
    expect(await panel.getByTestId('replay-time').textContent()).not.toBe(before);
    // The run lasts 3 minutes: at 64x it ends within 3 s, paused at the run's last point.
    await panel.getByRole('button', { name: 'Play' }).waitFor({ timeout: 10_000 });
    expect((await replayMarker())![1]).toBeCloseTo(39.75 + 9 * 0.002, 3);
    await expect.poll(() => inView([-89.65, 39.75 + 9 * 0.002])).toBe(true);
    await expectAccessible(page);
  });
});
