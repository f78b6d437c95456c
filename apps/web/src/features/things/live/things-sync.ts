/**
 * Keeps the live-things store current for one sign-in: a complete REST load, then the live socket's
 * batches, with an incremental load after every reconnect or, for large organisations, every 15 s.
 */
import type { Thing } from '@flare/core/schemas/thing';
import { THING_MESSAGES } from '@flare/core/schemas/thing';
import { thingsLoadErrorMessage } from '@flare/core/things/thing-errors';
import { ApiError } from '../../../lib/api-client';
import { WatermarkSync } from '../../../live/watermark-sync';
import { liveThings } from './live-things-store';
import { loadThings } from './load-things';

export const THINGS_MESSAGE_TYPES = ['point', 'heartbeat', 'thing'] as const;
export type ThingsMessageType = (typeof THINGS_MESSAGE_TYPES)[number];

/** The spec's words for a failed load; anything but an HTTP answer (an unreadable body) is unknown. */
function loadErrorMessage(error: unknown): string {
  return error instanceof ApiError ? thingsLoadErrorMessage(error.status) : THING_MESSAGES.unknownFailure;
}

export function createThingsSync(options: {
  polling: boolean;
  pollMs: number;
}): WatermarkSync<Thing, ThingsMessageType> {
  return new WatermarkSync({
    ...options,
    store: liveThings,
    load: (since) => loadThings({ since }),
    apply: (batch) => liveThings.apply(batch),
    loadErrorMessage,
  });
}
