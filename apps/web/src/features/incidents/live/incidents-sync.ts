/**
 * Keeps the live-locations store current for one sign-in: a complete load, then the live socket's
 * `location` messages, with an incremental load after every reconnect or, for large organisations,
 * every 30 s.
 */
import { incidentListError, type Incident } from '@flare/core/schemas/incident';
import { ApiError } from '../../../lib/api-client';
import { WatermarkSync } from '../../../live/watermark-sync';
import { liveIncidents } from './live-incidents-store';
import { loadIncidents } from './load-incidents';

export const INCIDENT_MESSAGE_TYPES = ['location'] as const;
export type IncidentMessageType = (typeof INCIDENT_MESSAGE_TYPES)[number];

export function createIncidentsSync(options: {
  polling: boolean;
  pollMs: number;
}): WatermarkSync<Incident, IncidentMessageType> {
  return new WatermarkSync({
    ...options,
    store: liveIncidents,
    load: (since) => loadIncidents({ since }),
    apply: (batch) => liveIncidents.upsert(batch.map((message) => message.location)),
    // Anything but an HTTP answer (no connection, an unreadable body) is status 0.
    loadErrorMessage: (error) => incidentListError(error instanceof ApiError ? error.status : 0),
  });
}
