/**
 * Reading the page's map in a test: the app hands its MapLibre map to pages that set the test-timings
 * flag before it loads (`exposeMap`).
 */
import type { Page } from 'playwright-core';

export interface TestMap {
  isMoving(): boolean;
  queryRenderedFeatures(options: { layers: string[] }): Array<{
    properties: Record<string, string>;
    geometry: { type: string; coordinates: unknown };
  }>;
}
export type MapWindow = Window & { __flareMap?: TestMap };

/** Asks the app to expose its map (call before the page loads the app). */
export async function exposeMap(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as Window & { __FLARE_TEST_TIMINGS__?: object }).__FLARE_TEST_TIMINGS__ = {};
  });
}

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
