/** The incidents' part of the live feed, for the app to register: `location` messages and the locations API. */
import { timings } from '../../../config/timings';
import type { LiveHandler } from '../../../live/live-registry';
import { LOCATIONS_MESSAGE_TYPES, createLocationsSync, type LocationsMessageType } from './locations-sync';

export const locationsLiveHandler: LiveHandler<LocationsMessageType> = {
  types: LOCATIONS_MESSAGE_TYPES,
  access: 'viewEvents',
  start({ polling }) {
    const sync = createLocationsSync({ polling, pollMs: timings().locationsPollMs });
    sync.start();
    return sync;
  },
};
