/**
 * Times as the dashboard shows and takes them: on the demo organisations' clock (their time zone), not
 * the browser's or this machine's.
 */
import { toWallTimeInput } from '@flare/core/time/zoned-time';
import { DEMO_ORGANIZATIONS } from '@flare/server/src/seed/demo-data';

export const DEMO_TIME_ZONE = DEMO_ORGANIZATIONS[0]!.timezone;

/** A date-time field's value ("2026-11-27T05:13") for the instant, on the demo organisations' clock. */
export const demoTimeInput = (instant: number) => toWallTimeInput(instant, DEMO_TIME_ZONE);
