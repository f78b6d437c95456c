/**
 * What a browser test may ask of the app: the test defines `window.__FLARE_TEST__` before the app
 * loads (Playwright's addInitScript). Production pages never define it; when it is defined the app
 * also hands its map and map layers to the test (`__flareMap`, `__flareThingsLayer`).
 */
import type { Timings } from './timings';

export interface TestHooks {
  /** Shorter timings than the spec's (see timings.ts). */
  timings?: Partial<Timings>;
  /**
   * 'none': no map at all, for tests that never look at it (each map costs seconds of CPU in
   * software WebGL); 'blank': a plain background for the basemap, with every layer drawn over it
   * (the offline basemap is a few seconds of its own). Default: the configured basemap.
   */
  map?: 'none' | 'blank';
}

type TestWindow = Window & { __FLARE_TEST__?: TestHooks };

/** The hooks a browser test set, or undefined (always, outside browser tests). */
export function testHooks(): TestHooks | undefined {
  return (window as TestWindow).__FLARE_TEST__;
}
