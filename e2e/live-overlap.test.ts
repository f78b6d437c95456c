/**
 * Overlapping assets on the live map, against a real server: three patrol cars reporting from one
 * spot draw as one marker with a count badge, the info window says more are there, and a click (on
 * the marker or its badge) offers the list of the three; choosing one opens it as a marker click
 * would. The layer's stacks are read through its test hook; the badge is checked on a screenshot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { sendOsmandReport } from './support/osmand';
import { pixelsOfHue } from './support/pixels';
import { signedInContext, type SignedInContext } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

const USER = 'user@springfield-pd.test';
/** Three of the department's cars, at one scene (away from the seeded silent ones). */
const SCENE = { lat: '39.8012', lon: '-89.5504' };
const CARS = [
  { device: 'SPD-CAR-101', name: 'Patrol 101' },
  { device: 'SPD-CAR-102', name: 'Patrol 102' },
  { device: 'SPD-CAR-103', name: 'Patrol 103' },
];
/** The count badge's colour (things-icon-atlas.ts). */
const BADGE_COLOR = 'rgb(95, 61, 196)';

interface Stack {
  ids: string[];
  badge: { x: number; y: number };
}
interface LayerHook {
  items(): Array<{ id: string; name: string }>;
  screenPoint(id: string): { x: number; y: number } | null;
  stacks(): Stack[];
}
type HookWindow = Window & {
  __flareThingsLayer?: LayerHook;
  __flareMap?: { isMoving(): boolean; getZoom(): number };
};

let server: RunningServer;
let browser: Browser;
let desktopUser: SignedInContext;
let phoneUser: SignedInContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
  const osmandPort = server.osmandPort;
  for (const car of CARS) await sendOsmandReport(osmandPort, car.device, SCENE);
  [desktopUser, phoneUser] = await Promise.all([
    signedInContext(browser, server.url, USER, { map: 'blank' }),
    signedInContext(browser, server.url, USER, { map: 'blank', viewport: { width: 390, height: 800 } }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const stacks = (page: Page) => page.evaluate(() => (window as HookWindow).__flareThingsLayer?.stacks() ?? []);
const items = (page: Page) => page.evaluate(() => (window as HookWindow).__flareThingsLayer?.items() ?? []);
const screenPoint = (page: Page, id: string) =>
  page.evaluate((thingId) => (window as HookWindow).__flareThingsLayer?.screenPoint(thingId) ?? null, id);
const settled = (page: Page) =>
  page.waitForFunction(() => (window as HookWindow).__flareMap?.isMoving() === false);

/**
 * One level out with the map's button, waiting until the map is there: on a loaded machine a second
 * click can come before the first one's zoom has started, and would then zoom out from the old level.
 */
async function zoomOut(page: Page): Promise<void> {
  const from = await page.evaluate(() => (window as HookWindow).__flareMap!.getZoom());
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.waitForFunction((target) => {
    const map = (window as HookWindow).__flareMap!;
    return !map.isMoving() && Math.abs(map.getZoom() - target) < 0.01;
  }, from - 1);
}

/**
 * Opens the link that shows only the three cars (the map fits them) and waits for their stack. On a
 * phone the list covers the map until the Map | List toggle uncovers it.
 */
async function openScene({ phone = false } = {}): Promise<{
  page: Page;
  stack: Stack;
  names: Map<string, string>;
}> {
  const page = await (phone ? phoneUser : desktopUser).open('/dashboard/things?q=Patrol+10');
  if (phone)
    await page.getByRole('radiogroup', { name: 'Map or list' }).getByText('Map', { exact: true }).click();
  // The list also shows the cars that never reported; only the three have a place on the map.
  await expect.poll(async () => (await items(page)).length, { timeout: 30_000 }).toBe(3);
  await settled(page);
  await expect.poll(async () => (await stacks(page)).length).toBe(1);
  const [stack] = await stacks(page);
  return { page, stack: stack!, names: new Map((await items(page)).map((item) => [item.id, item.name])) };
}

describe('overlapping assets on the live map', () => {
  it('draws three cars at one spot with a count badge and lists the three on a click', async () => {
    const { page, stack, names } = await openScene();
    expect(stack.ids.map((id) => names.get(id)).sort()).toEqual(CARS.map((car) => car.name));
    expect(await pixelsOfHue(page, stack.badge, BADGE_COLOR, 5)).toBeGreaterThan(20);
    await expectAccessible(page);

    // The info window of the top one says the others are there.
    const top = (await screenPoint(page, stack.ids[0]!))!;
    await page.mouse.move(top.x, top.y);
    const info = page.locator('.maplibregl-popup [role="tooltip"]');
    await expect.poll(() => info.innerText()).toContain('2 more here: click to list them');

    await page.mouse.click(top.x, top.y);
    const list = page.getByRole('dialog', { name: '3 assets here' });
    await list.waitFor();
    await info.waitFor({ state: 'detached' });
    const entries = list.getByRole('listitem').getByRole('button');
    // Topmost first, as drawn; each says its status in words.
    expect(await entries.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('title')))).toEqual(
      stack.ids.map((id) => names.get(id)),
    );
    expect(await entries.first().innerText()).toMatch(/Standby|Pending|Offline|Responding|On-Scene/);
    // The list takes the focus, so the keyboard can choose at once.
    expect(await entries.first().evaluate((button) => button === document.activeElement)).toBe(true);
    await expectAccessible(page);

    // Escape closes it; a click on the badge offers it again.
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    await page.mouse.click(stack.badge.x, stack.badge.y);
    await list.waitFor();

    const chosen = stack.ids[1]!;
    await list.getByRole('button', { name: new RegExp(`^${names.get(chosen)!} `) }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/things/${chosen}`);
    await page.getByRole('heading', { name: names.get(chosen)! }).waitFor();
    await list.waitFor({ state: 'detached' });
    await expectAccessible(page);
    await page.close();
  });

  it('merges nearby stacks when zoomed out, and its list zooms in to spread them', async () => {
    const { page } = await openScene();
    // The whole fleet: the three cars, the two seeded silent ones a few kilometres away, and an
    // arrow board in Madison. Fitted to all, the two spots are two stacks.
    await page.getByLabel('Search for an asset').fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    // The URL changes at once, the screen in the render after it: Show all fits what is drawn, so it
    // waits until the map draws the whole fleet (pressed before, it rightly fits the three cars).
    await expect.poll(async () => (await items(page)).length).toBe(6);
    // Waits for the fit to all (a big zoom out) to have happened, not only for a still map: on a
    // loaded machine it can start after the click returns, and then after the zoom-outs below.
    const filteredZoom = await page.evaluate(() => (window as HookWindow).__flareMap!.getZoom());
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.waitForFunction((before) => {
      const map = (window as HookWindow).__flareMap!;
      return !map.isMoving() && map.getZoom() < before - 1;
    }, filteredZoom);
    const sizes = async () => (await stacks(page)).map((stack) => stack.ids.length).sort();
    await expect.poll(sizes).toEqual([2, 3]);

    // Two levels out, the two spots overlap: one stack of five.
    await zoomOut(page);
    await zoomOut(page);
    await expect.poll(sizes).toEqual([5]);
    const [five] = await stacks(page);
    const top = (await screenPoint(page, five!.ids[0]!))!;
    await page.mouse.click(top.x, top.y);
    const list = page.getByRole('dialog', { name: '5 assets here' });
    await list.waitFor();
    await list.getByRole('button', { name: 'Zoom in to spread them' }).click();
    await list.waitFor({ state: 'detached' });
    await settled(page);
    await expect.poll(sizes).toEqual([2, 3]);
    await page.close();
  });

  it('on a phone, a tap on the stack lists the three, and the chosen one opens as a sheet over the map', async () => {
    const { page, stack, names } = await openScene({ phone: true });
    const top = (await screenPoint(page, stack.ids[0]!))!;
    await page.mouse.click(top.x, top.y);
    const list = page.getByRole('dialog', { name: '3 assets here' });
    await list.waitFor();
    await expectAccessible(page);

    const chosen = names.get(stack.ids[2]!)!;
    await list.getByRole('button', { name: new RegExp(`^${chosen} `) }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/things/${stack.ids[2]}`);
    await page.getByRole('heading', { name: chosen }).waitFor();
    await page.getByRole('button', { name: 'Close asset' }).waitFor();
    await expectAccessible(page);
    await page.close();
  });
});
