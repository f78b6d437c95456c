/**
 * Touch gestures a phone user makes beyond a tap (Playwright has only `tap`), sent through the
 * DevTools protocol as Chromium's own touch input: the page's context must have touch.
 */
import type { Page } from 'playwright-core';

interface Point {
  x: number;
  y: number;
}

/** One finger put down at `from`, moved by `by` in `steps` moves, and lifted. */
export async function touchDrag(page: Page, from: Point, by: Point, steps = 10): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', touchPoints: Point[]) =>
    session.send('Input.dispatchTouchEvent', { type, touchPoints });
  try {
    await touch('touchStart', [from]);
    for (let step = 1; step <= steps; step++) {
      await touch('touchMove', [{ x: from.x + (by.x * step) / steps, y: from.y + (by.y * step) / steps }]);
    }
    await touch('touchEnd', []);
  } finally {
    await session.detach();
  }
}
