/** The closures' part of the live feed, for the app to register: `closure` messages and the closures API. */
import { timings } from '../../../config/timings';
import { queryClient } from '../../../lib/query-client';
import type { LiveHandler } from '../../../live/live-registry';
import { CLOSURES_MESSAGE_TYPES, createClosuresSync, type ClosuresMessageType } from './closures-sync';

export const closuresLiveHandler: LiveHandler<ClosuresMessageType> = {
  types: CLOSURES_MESSAGE_TYPES,
  access: 'viewClosures',
  start({ polling }) {
    const sync = createClosuresSync(queryClient, { polling, pollMs: timings().closuresPollMs });
    sync.start();
    return sync;
  },
};
