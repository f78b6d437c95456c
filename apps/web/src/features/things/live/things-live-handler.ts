/** The assets' part of the live feed, for the app to register: their messages and the assets API. */
import { timings } from '../../../config/timings';
import type { LiveHandler } from '../../../live/live-registry';
import { THINGS_MESSAGE_TYPES, createThingsSync, type ThingsMessageType } from './things-sync';

export const thingsLiveHandler: LiveHandler<ThingsMessageType> = {
  types: THINGS_MESSAGE_TYPES,
  access: 'viewThings',
  start({ polling }) {
    const sync = createThingsSync({ polling, pollMs: timings().thingsPollMs });
    sync.start();
    return sync;
  },
};
