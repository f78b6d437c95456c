/**
 * The live assets on the map, against a real server with the demo fleet simulator running: the
 * layer draws the whole fleet in the stacking order, hovering an asset shows its info window, and
 * clicking it opens the asset (from the list of those there, where several overlap). The layer's drawn data is read through the test hook it exposes
 * to test pages (support/browser.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { pixelsOfHue } from './support/pixels';
import { signedInContext, type SignedInContext } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';
import { mapRegion } from './support/test-map';

const ADMIN = 'admin@springfield-pd.test';
/**
 * Seeded silent at the same spot, never driven: Patrol 110 has been quiet 9 hours (pending),
 * Sergeant 103 five days (offline). Pending draws above offline, so the pointer finds Patrol 110.
 */
const PENDING = { name: 'Patrol 110' };
const OFFLINE = { name: 'Sergeant 103' };

interface LayerItem {
  id: string;
  name: string;
  status: string;
  position: [number, number];
}

let browser: Browser;
let server: RunningServer;
let desktop: SignedInContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'true' } }), openBrowser()]);
  desktop = await signedInContext(browser, server.url, ADMIN, { map: 'blank' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const items = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __flareThingsLayer?: { items(): LayerItem[] } }).__flareThingsLayer?.items() ??
      [],
  );

const screenPoint = (page: Page, id: string) =>
  page.evaluate(
    (thingId) =>
      (
        window as unknown as {
          __flareThingsLayer?: { screenPoint(id: string): { x: number; y: number } | null };
        }
      ).__flareThingsLayer?.screenPoint(thingId) ?? null,
    id,
  );

/** Lowest first, as the spec stacks them. */
const STACKING = ['offline', 'pending', 'standby', 'active', 'active_location'];
const stackRank = (status: string) => STACKING.indexOf(status === 'stationary' ? 'standby' : status);

/** Centres the map on the asset with the list's map finder; resolves once the map has settled. */
async function centreOn(page: Page, item: LayerItem, drawnCount: number) {
  await page.getByLabel('Search for an asset').fill(item.name);
  await page.getByRole('button', { name: `Find ${item.name} on the map` }).click();
  await page.getByLabel('Search for an asset').fill('');
  return settledPoint(page, item.id, drawnCount);
}

/** The asset's screen point once the map has stopped moving and every asset is drawn again. */
async function settledPoint(page: Page, id: string, drawnCount: number) {
  let last: { x: number; y: number } | null = null;
  await expect
    .poll(
      async () => {
        const point = await screenPoint(page, id);
        const settled = point !== null && last !== null && point.x === last.x && point.y === last.y;
        last = point;
        return settled && (await items(page)).length === drawnCount;
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(true);
  return last!;
}

/** Opens the Live section; answers it and the number of assets it lists. */
async function openLive(signedIn = desktop): Promise<{ page: Page; total: number }> {
  const page = await signedIn.open('/dashboard/things');
  // Loaded: "Assets 0 / 0" is the list before its first answer.
  const heading = page.getByRole('heading', { name: /^Assets ([1-9]\d*) \/ \1$/ });
  await heading.waitFor();
  return { page, total: Number(/\/ (\d+)/.exec((await heading.textContent()) ?? '')![1]) };
}

describe('live map layer', () => {
  it('draws the demo fleet, on-scene and responding assets above those standing by or quiet', async () => {
    const { page, total } = await openLive();
    // Every asset shows once it has a position; the simulator reports for all but the silent ones,
    // which were seeded with one.
    await expect.poll(async () => (await items(page)).length, { timeout: 30_000 }).toBe(total);
    const drawn = await items(page);
    expect(drawn.map((item) => item.name)).toEqual(expect.arrayContaining([PENDING.name, OFFLINE.name]));
    const ranks = drawn.map((item) => stackRank(item.status));
    expect(ranks.every((rank) => rank >= 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    await page.close();
  });

  it('paints each asset in its status colour where it stands, and follows the map when dragged', async () => {
    const { page } = await openLive();
    await expect.poll(async () => (await items(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const drawn = await items(page);
    const pending = drawn.find((item) => item.name === PENDING.name)!;
    // The list's status dot and the map's marker share one colour per status.
    await page.getByLabel('Search for an asset').fill(PENDING.name);
    const dot = page.getByRole('row').getByRole('img', { name: 'Pending' });
    const pendingColor = await dot.evaluate((element) => getComputedStyle(element).backgroundColor);
    const before = await centreOn(page, pending, drawn.length);
    expect(await pixelsOfHue(page, before, pendingColor)).toBeGreaterThan(20);

    // A sideways drag: the layer shows its drawn sprites shifted (docs/benchmarks.md), so the
    // marker must land where the map now projects the asset, and leave its old place.
    const drag = { x: 160, y: 90 };
    await page.mouse.move(before.x + 200, before.y + 150);
    await page.mouse.down();
    await page.mouse.move(before.x + 200 + drag.x, before.y + 150 + drag.y, { steps: 12 });
    await page.mouse.up();
    const after = await settledPoint(page, pending.id, drawn.length);
    expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeGreaterThan(100);
    expect(await pixelsOfHue(page, after, pendingColor)).toBeGreaterThan(20);
    expect(await pixelsOfHue(page, before, pendingColor)).toBe(0);
    await page.close();
  });

  it('shows the info window on hover and, where assets overlap, opens the one chosen from the list', async () => {
    const { page } = await openLive();
    await expect.poll(async () => (await items(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const drawn = await items(page);
    const pending = drawn.find((item) => item.name === PENDING.name)!;
    const offline = drawn.find((item) => item.name === OFFLINE.name)!;
    expect(pending.position).toEqual(offline.position);

    await centreOn(page, pending, drawn.length);
    const map = mapRegion(page);
    const point = (await screenPoint(page, pending.id))!;
    await page.mouse.move(point.x, point.y);
    const info = map.locator('.maplibregl-popup [role="tooltip"]');
    await expect.poll(() => info.getAttribute('data-thing-id')).toBe(pending.id);
    expect(await info.innerText()).toMatch(
      new RegExp(`^${PENDING.name}\\nPending\\n0 (mph|km/h)\\n1 more here: click to list them$`),
    );

    // The two stand on one spot: a click lists both, the one drawn on top first.
    await page.mouse.click(point.x, point.y);
    const list = map.getByRole('dialog', { name: '2 assets here' });
    const entries = list.getByRole('button', { name: /Pending|Offline/ });
    // Names in full: the list has room for them.
    expect(await entries.allTextContents()).toEqual([`${PENDING.name} Pending`, `${OFFLINE.name} Offline`]);
    await entries.first().click();
    await page.waitForURL(`**/dashboard/things/${pending.id}`);
    await page.getByRole('heading', { name: PENDING.name }).waitFor();
    await list.waitFor({ state: 'detached' });
    // Leaving the map closes the info window.
    await page.mouse.move(200, 400);
    await info.waitFor({ state: 'detached' });
    await page.close();
  });

  it('on a phone, the list covers the map until a map finder uncovers it; Live brings the list back', async () => {
    const phone = await signedInContext(browser, server.url, ADMIN, {
      map: 'blank',
      viewport: { width: 390, height: 800 },
    });
    const { page } = await openLive(phone);
    await expect.poll(async () => (await items(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const drawn = await items(page);
    const pending = drawn.find((item) => item.name === PENDING.name)!;
    const list = page.getByRole('grid', { name: 'Assets' });
    const map = mapRegion(page);
    expect(await map.count()).toBe(0);

    await page.getByLabel('Search for an asset').fill(PENDING.name);
    const pendingColor = await page
      .getByRole('row')
      .getByRole('img', { name: 'Pending' })
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    await page.getByRole('button', { name: `Find ${PENDING.name} on the map` }).click();
    await list.waitFor({ state: 'hidden' });
    await map.waitFor();
    // The search stays applied, so the map shows that asset alone.
    const point = await settledPoint(page, pending.id, 1);
    const box = (await map.boundingBox())!;
    expect(Math.abs(point.x - (box.x + box.width / 2))).toBeLessThan(2);
    expect(Math.abs(point.y - (box.y + box.height / 2))).toBeLessThan(2);
    expect(await pixelsOfHue(page, point, pendingColor)).toBeGreaterThan(20);
    await expectAccessible(page);

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Live' }).click();
    await list.waitFor();
    expect(await map.count()).toBe(0);
    expect(page.url()).toContain('/dashboard/things');
    await page.close();
  });
});
