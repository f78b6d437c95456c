/** The exports' part of the live feed, for the app to register: `export` messages and the exports API. */
import { timings } from '../../../config/timings';
import { queryClient } from '../../../lib/query-client';
import type { LiveHandler } from '../../../live/live-registry';
import { EXPORTS_MESSAGE_TYPES, createExportsSync, type ExportsMessageType } from './exports-sync';

export const exportsLiveHandler: LiveHandler<ExportsMessageType> = {
  types: EXPORTS_MESSAGE_TYPES,
  access: 'viewExports',
  start({ polling }) {
    const sync = createExportsSync(queryClient, { polling, pollMs: timings().exportsPollMs });
    sync.start();
    return sync;
  },
};
