/**
 * Touch gestures a phone user makes beyond a tap (Playwright has only `tap`), sent through the
 * DevTools protocol as Chromium's own touch input: the page's context must have touch.
 */
import type { Page } from 'playwright-core';

interface Point {
  x: number;
  y: number;
}
interface TouchPoint extends Point {
  /** Which finger: the same id from one event to the next. */
  id?: number;
}
type Touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', touchPoints: TouchPoint[]) => Promise<unknown>;

/** Runs `gesture` with a way to send touch events to the page. */
async function withTouch(page: Page, gesture: (touch: Touch) => Promise<void>): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    await gesture((type, touchPoints) => session.send('Input.dispatchTouchEvent', { type, touchPoints }));
  } finally {
    await session.detach();
  }
}

/** One finger put down at `from`, moved by `by` in `steps` moves, and lifted. */
export function touchDrag(page: Page, from: Point, by: Point, steps = 10): Promise<void> {
  return withTouch(page, async (touch) => {
    await touch('touchStart', [from]);
    for (let step = 1; step <= steps; step++) {
      await touch('touchMove', [{ x: from.x + (by.x * step) / steps, y: from.y + (by.y * step) / steps }]);
    }
    await touch('touchEnd', []);
  });
}

/**
 * Two fingers put down side by side around `centre`, `gap.from` pixels apart, spread (or closed) to
 * `gap.to` apart in `steps` moves while their midpoint drifts by `drift`, as a hand's pinch does,
 * and lifted together.
 */
export function touchPinch(
  page: Page,
  centre: Point,
  gap: { from: number; to: number },
  drift: Point,
  steps = 10,
): Promise<void> {
  const fingers = (step: number): TouchPoint[] => {
    const x = centre.x + (drift.x * step) / steps;
    const y = centre.y + (drift.y * step) / steps;
    const half = (gap.from + ((gap.to - gap.from) * step) / steps) / 2;
    return [
      { id: 0, x: x - half, y },
      { id: 1, x: x + half, y },
    ];
  };
  return withTouch(page, async (touch) => {
    await touch('touchStart', fingers(0));
    for (let step = 1; step <= steps; step++) await touch('touchMove', fingers(step));
    await touch('touchEnd', []);
  });
}
