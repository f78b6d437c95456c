/**
 * The Live section driven by the keyboard alone, against a real server: sign-in starts in the e-mail
 * field; the assets list is one tab stop that the arrows, Page keys, Home and End move through,
 * keeping the focused row in view; Enter opens the asset with the focus on its name, and Escape or
 * Back returns the focus to the same row; the desktop panel closes and reopens from the keyboard; on
 * a phone the map/list toggle and the list work the same. Every state passes axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { DEMO_PASSWORD, startServer, type RunningServer } from './support/server';
import { mapRegion } from './support/test-map';

const ADMIN = 'admin@springfield-pd.test';
const PHONE = { width: 390, height: 800 };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The focused element as the keyboard user meets it: its names, and its row in the assets list. */
interface Focused {
  tag: string;
  title: string | null;
  label: string | null;
  text: string;
  /** The row's position in the assets list (1 the first), when the focus is in one. */
  row: number | null;
  inList: boolean;
  /** Whether the focused element is wholly inside the list's scrolled view. */
  inView: boolean;
  /** Whether the focused row has a map finder to press (the asset has a position). */
  rowFinds: boolean;
  /** The radio group the focus is in, by name. */
  group: string | null;
}

const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const list = element?.closest('[role="grid"]');
    const row = element?.closest('[role="row"]');
    const box = element?.getBoundingClientRect();
    const view = list?.getBoundingClientRect();
    return {
      tag: element?.tagName ?? '',
      title: element?.getAttribute('title') ?? null,
      label: element?.getAttribute('aria-label') ?? null,
      text: element?.textContent?.trim() ?? '',
      row: row ? Number(row.getAttribute('aria-rowindex')) : null,
      inList: list?.getAttribute('aria-label') === 'Assets',
      inView: !!box && !!view && box.top >= view.top - 1 && box.bottom <= view.bottom + 1,
      rowFinds: !!row?.querySelector('[data-cell="find"]:not(:disabled)'),
      group: element?.closest('[role="radiogroup"]')?.getAttribute('aria-label') ?? null,
    };
  });

/** Presses `key` (Tab by default) until the focus is where `reached` says, at most `max` times. */
async function pressUntil(
  page: Page,
  reached: (focus: Focused) => boolean,
  key = 'Tab',
  max = 60,
): Promise<Focused> {
  for (let n = 0; n < max; n++) {
    await page.keyboard.press(key);
    const focus = await focused(page);
    if (reached(focus)) return focus;
  }
  throw new Error(
    `${key} never reached the element sought; the focus is on ${JSON.stringify(await focused(page))}`,
  );
}

async function press(page: Page, key: string): Promise<Focused> {
  await page.keyboard.press(key);
  return focused(page);
}

/** Signs in by typing, from the e-mail field the page starts in; Escape closes the Support greeting. */
async function signInByKeyboard(page: Page): Promise<void> {
  await page.goto(`${server.url}/welcome/signin`);
  const email = page.getByLabel('Email');
  await email.waitFor();
  expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
  await expectAccessible(page);
  await page.keyboard.type(ADMIN);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard/things');
  const support = page.getByRole('dialog', { name: 'Support' });
  await support.waitFor();
  await page.keyboard.press('Escape');
  await support.waitFor({ state: 'hidden' });
  // Opened on arrival, it has no button to give the focus back to: the main content takes it.
  await page.waitForFunction(() => document.activeElement?.tagName === 'MAIN');
  // The whole fleet is listed.
  await page.getByRole('heading', { name: /^Assets (\d+) \/ \1$/ }).waitFor();
}

/** Tabs into the assets list; returns the number of rows. */
async function tabIntoList(page: Page): Promise<number> {
  await pressUntil(page, (focus) => focus.inList);
  return Number(await page.getByRole('grid', { name: 'Assets' }).getAttribute('aria-rowcount'));
}

/** Enter opens the focused asset: its detail, with the focus on its name. */
async function openFocused(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/things\/[^/]+$/);
  const heading = page.getByRole('heading', { level: 1, name });
  await heading.waitFor();
  await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
}

/** Back on the list, the focus is on the row of the asset left, in view. */
async function expectBackOnRow(page: Page, name: string, row: number): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/dashboard/things');
  await expect.poll(() => focused(page)).toMatchObject({ title: name, row, inList: true, inView: true });
}

describe('on a desktop', () => {
  it('signs in and moves through the assets list by keyboard, one tab stop, the focused row in view', async () => {
    const page = await browser.newPage();
    await signInByKeyboard(page);
    const count = await tabIntoList(page);
    expect(count).toBeGreaterThan(10);
    const first = await focused(page);
    expect(first).toMatchObject({ row: 1, inView: true });
    expect(first.title).toBeTruthy();
    await expectAccessible(page);

    // One tab stop: Tab leaves the list, Shift+Tab comes back to the same row.
    expect((await press(page, 'Tab')).inList).toBe(false);
    expect(await press(page, 'Shift+Tab')).toMatchObject({ row: 1, title: first.title });

    expect(await press(page, 'ArrowDown')).toMatchObject({ row: 2, inView: true });
    expect(await press(page, 'ArrowUp')).toMatchObject({ row: 1, title: first.title });
    const last = await press(page, 'End');
    expect(last).toMatchObject({ row: count, inView: true });
    expect(await press(page, 'Home')).toMatchObject({ row: 1, inView: true });
    const pageDown = await press(page, 'PageDown');
    expect(pageDown.row).toBeGreaterThan(2);
    expect(pageDown.inView).toBe(true);
    expect(await press(page, 'PageUp')).toMatchObject({ row: 1, inView: true });

    // Right reaches the map finder of a row that has one, Left the asset again.
    const located = (await focused(page)).rowFinds
      ? await focused(page)
      : await pressUntil(page, (focus) => focus.rowFinds, 'ArrowDown', count);
    expect(await press(page, 'ArrowRight')).toMatchObject({
      label: `Find ${located.title} on the map`,
      row: located.row,
      inView: true,
    });
    await expectAccessible(page);
    expect(await press(page, 'ArrowLeft')).toMatchObject({ title: located.title, row: located.row });
    await page.close();
  });

  it('opens an asset with Enter, focused on its name; Escape and Back return to the same row', async () => {
    const page = await browser.newPage();
    await signInByKeyboard(page);
    await tabIntoList(page);
    await press(page, 'ArrowDown');
    const third = await press(page, 'ArrowDown');
    expect(third.row).toBe(3);

    await openFocused(page, third.title!);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expectBackOnRow(page, third.title!, 3);
    await expectAccessible(page);

    await openFocused(page, third.title!);
    expect(await press(page, 'Shift+Tab')).toMatchObject({ label: 'Back to assets' });
    await page.keyboard.press('Enter');
    await expectBackOnRow(page, third.title!, 3);

    // The last row, far down the list: back on it, scrolled into view again.
    const last = await press(page, 'End');
    await openFocused(page, last.title!);
    await page.keyboard.press('Escape');
    await expectBackOnRow(page, last.title!, last.row!);
    await page.close();
  });

  it('closes the panel and opens it again from its handle, the focus moving between the two', async () => {
    const page = await browser.newPage();
    await signInByKeyboard(page);
    await tabIntoList(page);
    await pressUntil(page, (focus) => focus.label === 'Close panel', 'Shift+Tab');
    expect(await press(page, 'Enter')).toMatchObject({ label: 'Open panel' });
    await page.getByRole('grid', { name: 'Assets' }).waitFor({ state: 'hidden' });
    await expectAccessible(page);
    expect(await press(page, 'Enter')).toMatchObject({ label: 'Close panel' });
    await page.getByRole('grid', { name: 'Assets' }).waitFor();
    await expectAccessible(page);
    await page.close();
  });
});

describe('on a phone', () => {
  it('switches between the list and the map, and opens an asset from the list, by keyboard', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInByKeyboard(page);
    const list = page.getByRole('grid', { name: 'Assets' });
    const map = mapRegion(page);
    const toggle = page.getByRole('radiogroup', { name: 'Map or list' });

    await pressUntil(page, (focus) => focus.group === 'Map or list');
    const listChoice = toggle.getByRole('radio', { name: 'List' });
    expect(await listChoice.evaluate((radio) => radio === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await list.waitFor({ state: 'hidden' });
    await map.waitFor();
    expect(await toggle.getByRole('radio', { name: 'Map' }).isChecked()).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press('ArrowLeft');
    await list.waitFor();
    expect(await map.count()).toBe(0);

    await tabIntoList(page);
    const second = await press(page, 'ArrowDown');
    await openFocused(page, second.title!);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expectBackOnRow(page, second.title!, 2);
    await expectAccessible(page);
    await page.close();
  });
});
