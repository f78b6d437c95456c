/** The incidents' part of the live feed, for the app to register: `location` messages and the locations API. */
import { timings } from '../../../config/timings';
import type { LiveHandler } from '../../../live/live-registry';
import { INCIDENT_MESSAGE_TYPES, createIncidentsSync, type IncidentMessageType } from './incidents-sync';

export const incidentsLiveHandler: LiveHandler<IncidentMessageType> = {
  types: INCIDENT_MESSAGE_TYPES,
  access: 'viewIncidents',
  start({ polling }) {
    const sync = createIncidentsSync({ polling, pollMs: timings().locationsPollMs });
    sync.start();
    return sync;
  },
};
