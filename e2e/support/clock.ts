/**
 * Time passing in a page without the test waiting for it, on Playwright's clock: installed before the
 * page loads (`clock: true` in support/browser.ts's page options, or `page.clock.install()`), it runs
 * as the real one until a test pauses it.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Lets `ms` pass in the page at once, firing its timers on the way, then lets its clock run on. It
 * pauses a second ahead of the page's time first: its clock keeps running while the test asks it.
 */
export async function passTime(page: Page, ms: number): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.clock.runFor(ms);
  await page.clock.resume();
}

/**
 * Moves the page's clock on `stepMs` at a time until `condition` holds, for what the page does over
 * the real network between its timers (an answer arrives in real time, however far its clock has
 * moved). `stepMs` is shorter than any timer whose effect the test must see before it fires; the
 * clock is left paused.
 */
export async function runClockUntil(
  page: Page,
  condition: () => Promise<boolean>,
  stepMs: number,
): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await condition()) return true;
        await page.clock.runFor(stepMs);
        return condition();
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}
