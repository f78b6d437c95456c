/** Whether a screen fits its panel: nothing scrolls sideways, and what is asked for lies inside it. */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** No element of the page's main panel is wider than its box (no sideways scrolling anywhere in it). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflowing = await page.getByRole('main').evaluate((main) =>
    [main, ...main.querySelectorAll<HTMLElement>('*')]
      // A visually hidden element (a 1 px box: a stacked table's header row) scrolls nowhere.
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 1)
      .filter((element) => getComputedStyle(element).overflowX !== 'hidden')
      .map(
        (element) =>
          `${element.tagName}.${element.className} ${element.scrollWidth} > ${element.clientWidth}`,
      ),
  );
  expect(overflowing).toEqual([]);
}

/** Each of the elements lies wholly inside the main panel's box, seen without scrolling sideways. */
export async function expectInsidePanel(page: Page, elements: Locator): Promise<void> {
  const panel = (await page.getByRole('main').boundingBox())!;
  for (const element of await elements.all()) {
    const box = (await element.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(panel.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width + 1);
  }
}
