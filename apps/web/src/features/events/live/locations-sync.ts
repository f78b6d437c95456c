/**
 * Keeps the live-locations store current for one sign-in: a complete load, then the live socket's
 * `location` messages, with an incremental load after every reconnect or, for large organisations,
 * every 30 s.
 */
import { locationListError, type Location } from '@flare/core/schemas/location';
import { ApiError } from '../../../lib/api-client';
import { WatermarkSync } from '../../../live/watermark-sync';
import { liveLocations } from './live-locations-store';
import { loadLocations } from './load-locations';

export const LOCATIONS_MESSAGE_TYPES = ['location'] as const;
export type LocationsMessageType = (typeof LOCATIONS_MESSAGE_TYPES)[number];

export function createLocationsSync(options: {
  polling: boolean;
  pollMs: number;
}): WatermarkSync<Location, LocationsMessageType> {
  return new WatermarkSync({
    ...options,
    store: liveLocations,
    load: (since) => loadLocations({ since }),
    apply: (batch) => liveLocations.upsert(batch.map((message) => message.location)),
    // Anything but an HTTP answer (no connection, an unreadable body) is status 0.
    loadErrorMessage: (error) => locationListError(error instanceof ApiError ? error.status : 0),
  });
}
