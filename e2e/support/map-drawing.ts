/** Drawing on the map in browser tests as a user does: instruction dialogs closed, clicks on the canvas. */
import type { Page } from 'playwright-core';
import { expectAccessible } from './browser';

/** Waits for the map-editing instructions (shown on arrival), checks the page, and closes them. */
export async function closeInstructions(page: Page, title: string): Promise<void> {
  const instructions = page.getByRole('dialog', { name: title });
  await instructions.waitFor();
  await expectAccessible(page);
  await instructions.getByRole('button', { name: 'Close', exact: true }).click();
  await instructions.waitFor({ state: 'hidden' });
}

/** Clicks on the map at offsets (px) from its centre, a moment apart as a user would. */
export async function clickMap(page: Page, offsets: Array<[number, number]>): Promise<void> {
  const box = (await page.locator('.maplibregl-canvas').boundingBox())!;
  for (const [dx, dy] of offsets) {
    await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
    await page.waitForTimeout(300);
  }
}
