/** Drawing on the map in browser tests as a user does: instruction dialogs closed, clicks on the canvas. */
import type { Page } from 'playwright-core';
import { expectAccessible } from './browser';
import { mapIdle, type MapWindow } from './test-map';

/** Waits for the map-editing instructions (shown on arrival), checks the page, and closes them. */
export async function closeInstructions(page: Page, title: string): Promise<void> {
  const instructions = page.getByRole('dialog', { name: title });
  await instructions.waitFor();
  await expectAccessible(page);
  await instructions.getByRole('button', { name: 'Close', exact: true }).click();
  await instructions.waitFor({ state: 'hidden' });
}

/**
 * Clicks on the map at offsets (px) from its centre, once its drawing tool is ready: the crosshair
 * cursor (terra-draw's, in a drawing mode) over a map standing still. The drawing tool handles each
 * click as it is dispatched, so the clicks need no pause between them.
 */
export async function clickMap(page: Page, offsets: Array<[number, number]>): Promise<void> {
  await page.waitForFunction(() => {
    const map = (window as MapWindow).__flareMap;
    return map?.getCanvas().style.cursor === 'crosshair' && !map.isMoving();
  });
  const box = (await page.locator('.maplibregl-canvas').boundingBox())!;
  for (const [dx, dy] of offsets)
    await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
}

/**
 * Adds a point by keyboard at the centre of the focused map once it stands still: Shift+F10 opens the
 * map's menu there, Enter chooses "Add point here", and the focus goes back to the map.
 */
export async function addPointByKeyboard(page: Page): Promise<void> {
  await mapIdle(page);
  await page.keyboard.press('Shift+F10');
  await page.getByRole('menuitem', { name: 'Add point here' }).press('Enter');
  await page.waitForFunction(() => document.activeElement?.classList.contains('maplibregl-canvas'));
}
