/**
 * Reading the page's map in a test: the app hands its MapLibre map to test pages (support/browser.ts
 * sets their test hooks), as `window.__flareMap`.
 */
import type { Locator, Page } from 'playwright-core';

/**
 * The map's region, named exactly "Map": the offer to return to the last view is a region of its own
 * ("Last map view"), which a loose name would also match once the map has been seen in this browser.
 */
export function mapRegion(scope: Page | Locator): Locator {
  return scope.getByRole('region', { name: 'Map', exact: true });
}

export interface TestMap {
  loaded(): boolean;
  isMoving(): boolean;
  getCanvas(): HTMLCanvasElement;
  unproject(point: [number, number]): { lat: number; lng: number };
  jumpTo(options: { center: [lng: number, lat: number] }): void;
  queryRenderedFeatures(options: { layers: string[] }): Array<{
    properties: Record<string, string>;
    geometry: { type: string; coordinates: unknown };
  }>;
}
export type MapWindow = Window & { __flareMap?: TestMap };

/**
 * The distinct values of a property among the features a layer draws on screen now (a line crossing
 * tiles comes back once per tile); none while the map moves.
 */
export function renderedValues(page: Page, layer: string, property: string): Promise<string[]> {
  return page.evaluate(
    ([layerId, name]) => {
      const map = (window as MapWindow).__flareMap;
      return map && !map.isMoving()
        ? [...new Set(map.queryRenderedFeatures({ layers: [layerId] }).map((f) => f.properties[name]!))]
        : [];
    },
    [layer, property] as const,
  );
}

/** Waits until the app's map has loaded and stands still. */
export async function mapIdle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const map = (window as MapWindow).__flareMap;
      return map?.loaded() === true && !map.isMoving();
    },
    null,
    { timeout: 30_000 },
  );
}

/** Right-clicks the map a third of the way into its canvas; answers the map position clicked. */
export async function rightClickMap(page: Page): Promise<{ lat: number; lng: number }> {
  await mapIdle(page);
  const box = (await mapRegion(page).locator('canvas').boundingBox())!;
  // The mouse moves in whole pixels of the page, and the canvas may start at a fraction of one (the
  // status strip above it): the position is taken where the click really lands on the canvas.
  const click = { x: Math.round(box.x + box.width / 3), y: Math.round(box.y + box.height / 3) };
  const at: [number, number] = [click.x - box.x, click.y - box.y];
  const position = await page.evaluate((p) => (window as MapWindow).__flareMap!.unproject(p), at);
  await page.mouse.click(click.x, click.y, { button: 'right' });
  return position;
}
