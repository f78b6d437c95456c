/** Timings the browser tests may shorten (test-hooks.ts); production uses the spec's constants. */
import {
  CLOSURES_POLL_MS,
  LIVE_FEED,
  LOCATIONS_POLL_MS,
  THINGS_POLL_MS,
  VERSION_FIRST_CHECK_MS,
  VERSION_POLL_MS,
} from '@flare/core/constants';
import { EXPORT_GOT_IT_DELAY_MS, EXPORTS_POLL_MS } from '@flare/core/schemas/export';
import { testHooks } from './test-hooks';

export interface Timings {
  versionFirstCheckMs: number;
  versionPollMs: number;
  versionReloadMs: number;
  liveBatchMs: number;
  liveFirstBackoffMs: number;
  thingsPollMs: number;
  locationsPollMs: number;
  closuresPollMs: number;
  exportsPollMs: number;
  exportGotItMs: number;
}

const DEFAULTS: Timings = {
  versionFirstCheckMs: VERSION_FIRST_CHECK_MS,
  versionPollMs: VERSION_POLL_MS,
  versionReloadMs: 3000,
  liveBatchMs: LIVE_FEED.batchMs,
  liveFirstBackoffMs: LIVE_FEED.firstBackoffMs,
  thingsPollMs: THINGS_POLL_MS,
  locationsPollMs: LOCATIONS_POLL_MS,
  closuresPollMs: CLOSURES_POLL_MS,
  exportsPollMs: EXPORTS_POLL_MS,
  exportGotItMs: EXPORT_GOT_IT_DELAY_MS,
};

export function timings(): Timings {
  return { ...DEFAULTS, ...testHooks()?.timings };
}
