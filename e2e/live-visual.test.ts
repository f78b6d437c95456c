/**
 * The Live section's look and its phone flows, against a real server: readable badges and nav
 * entries (axe, contrast included), the desktop panel closed and reopened from its handle with the
 * side nav still in reach, and on a phone the map/list toggle, a tapped marker opening the asset in
 * a sheet over the map, and Support from the account menu.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { renderedText } from './support/contrast';
import { signedInContext, type SignedInContext } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';
import { mapRegion } from './support/test-map';

const USER = 'user@springfield-pd.test';
const ADMIN = 'admin@springfield-pd.test';
/** A responder in service with its lights on, as seeded: all three badges. */
const RESPONDER = { name: 'Patrol 101' };
/** Seeded silent and never driven: it stays where the map finder centred it. */
const PENDING = { name: 'Patrol 110' };
const PHONE = { width: 390, height: 800 };

let server: RunningServer;
let browser: Browser;
let user: SignedInContext;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
  user = await signedInContext(browser, server.url, USER);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function expectReadable(locator: Locator, text: string): Promise<void> {
  const rendered = await renderedText(locator);
  expect(rendered.text).toBe(text);
  expect(rendered.ratio, `"${text}": ${rendered.color} on ${rendered.background}`).toBeGreaterThanOrEqual(
    4.5,
  );
}

const rows = (page: Page) => page.getByRole('grid', { name: 'Assets' }).getByRole('row');

async function openAsset(page: Page, name: string): Promise<void> {
  await page.getByLabel('Search for an asset').fill(name);
  await expect.poll(() => rows(page).count()).toBe(1);
  await rows(page).getByTitle(name, { exact: true }).click();
  await page.getByRole('heading', { name }).waitFor();
}

/** Whether the element on top at the locator's centre is the locator's own (nothing covers it). */
const onTop = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && element.contains(top);
  });

describe('on a desktop', () => {
  it('shows the asset badges and the active Data entry readable, without serious axe violations', async () => {
    const page = await user.open('/dashboard/things');
    await openAsset(page, RESPONDER.name);
    for (const badge of ['In-Service', 'Alerting On', 'R2R Enabled'])
      await expectReadable(page.getByText(badge, { exact: true }), badge);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Data' }).click();
    // Axe with the menu open too: the dropdown's role=menu may hold only menu items.
    await page.getByRole('menuitem', { name: 'Reports' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: 'Reports' }).click();
    await page.waitForURL('**/dashboard/data/**');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expectReadable(page.getByRole('button', { name: 'Data' }), 'Data');
    const live = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Live' });
    await expectReadable(live.getByText('Live', { exact: true }), 'Live');
    await expectAccessible(page);
    await page.close();
  });

  it('closes the panel leaving the side nav usable, and reopens it from its handle', async () => {
    const page = await user.open('/dashboard/things');
    const list = page.getByRole('grid', { name: 'Assets' });
    await list.waitFor();
    await page.getByRole('button', { name: 'Close panel' }).click();
    await list.waitFor({ state: 'hidden' });
    const handle = page.getByRole('button', { name: 'Open panel' });
    await handle.waitFor();
    expect(await onTop(handle)).toBe(true);
    await expectAccessible(page);

    // Every side-nav entry is in sight and uncovered by the closed panel.
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const link of await nav.getByRole('link').all()) expect(await onTop(link)).toBe(true);
    expect(await onTop(page.getByRole('button', { name: 'Support' }))).toBe(true);

    await handle.click();
    await list.waitFor();
    expect(await handle.count()).toBe(0);
    expect(await onTop(page.getByRole('button', { name: 'Close panel' }))).toBe(true);

    // Closed again, a section entry opens the panel at that section.
    await page.getByRole('button', { name: 'Close panel' }).click();
    await list.waitFor({ state: 'hidden' });
    await nav.getByRole('link', { name: 'Live' }).click();
    await list.waitFor();
    await page.close();
  });
});

describe('on a phone', () => {
  let admin: SignedInContext;
  beforeAll(async () => {
    admin = await signedInContext(browser, server.url, ADMIN, { map: 'blank', viewport: PHONE });
  });
  async function openPhone(): Promise<Page> {
    const page = await admin.open('/dashboard/things');
    await page.getByRole('heading', { name: /^Assets ([1-9]\d*) \/ \1$/ }).waitFor();
    return page;
  }
  const toggle = (page: Page) => page.getByRole('radiogroup', { name: 'Map or list' });

  it('switches between the list and the map with the visible toggle', async () => {
    const page = await openPhone();
    const list = page.getByRole('grid', { name: 'Assets' });
    expect(await mapRegion(page).count()).toBe(0);
    await toggle(page).getByText('Map', { exact: true }).click();
    await list.waitFor({ state: 'hidden' });
    await mapRegion(page).waitFor();
    expect(await toggle(page).getByRole('radio', { name: 'Map' }).isChecked()).toBe(true);
    await expectAccessible(page);

    await toggle(page).getByText('List', { exact: true }).click();
    await list.waitFor();
    expect(await mapRegion(page).count()).toBe(0);
    await page.close();
  });

  it('opens a tapped marker as a sheet over the map, which closes back to the map', async () => {
    const page = await openPhone();
    await page.getByLabel('Search for an asset').fill(PENDING.name);
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByRole('button', { name: `Find ${PENDING.name} on the map` }).click();
    await mapRegion(page).waitFor();

    // The map finder centres the asset; the search leaves it the only one drawn.
    const box = (await mapRegion(page).boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              (
                window as unknown as { __flareThingsLayer?: { items(): unknown[] } }
              ).__flareThingsLayer?.items().length ?? 0,
          ),
        { timeout: 30_000 },
      )
      .toBe(1);
    await page.waitForFunction(
      () => !(window as unknown as { __flareMap?: { isMoving(): boolean } }).__flareMap?.isMoving(),
    );
    await page.mouse.click(centre.x, centre.y);

    await page.waitForURL('**/dashboard/things/*');
    const heading = page.getByRole('heading', { name: PENDING.name });
    await heading.waitFor();
    expect(await onTop(heading)).toBe(true);
    // The sheet leaves the map above it in sight and in use.
    await mapRegion(page).waitFor();
    expect(await onTop(page.getByRole('radiogroup', { name: 'Map or list' }))).toBe(true);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Close asset' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/things');
    await heading.waitFor({ state: 'hidden' });
    await mapRegion(page).waitFor();
    await page.close();
  });

  it('reaches Support from the account menu', async () => {
    const page = await openPhone();
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Support' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: 'Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Support' });
    await dialog.waitFor();
    await expectAccessible(page);
    // A frequent question opens its answer, with a link to the section that answers it.
    await dialog
      .getByRole('button', { name: 'Why does a vehicle show as stale, pending or offline?' })
      .click();
    await dialog.getByRole('link', { name: 'Open Live' }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });
});
