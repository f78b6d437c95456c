/**
 * Timings the browser tests may shorten: a page may define `window.__FLARE_TEST_TIMINGS__` before the
 * app loads (Playwright's addInitScript). Production uses the spec's constants.
 */
import { VERSION_FIRST_CHECK_MS, VERSION_POLL_MS } from '@flare/core/constants';

export interface Timings {
  versionFirstCheckMs: number;
  versionPollMs: number;
  versionReloadMs: number;
}

const DEFAULTS: Timings = {
  versionFirstCheckMs: VERSION_FIRST_CHECK_MS,
  versionPollMs: VERSION_POLL_MS,
  versionReloadMs: 3000,
};

export function timings(): Timings {
  const overrides = (window as { __FLARE_TEST_TIMINGS__?: Partial<Timings> }).__FLARE_TEST_TIMINGS__;
  return { ...DEFAULTS, ...overrides };
}
