/** Payload of the domain event about incidents: the incident as the API shows it, and who sees it. */
import { z } from 'zod';
import { liveMessage } from '../live/live-message';
import { IncidentSchema } from '../schemas/incident';
import { domainEvent } from './domain-event';

export const IncidentChangedSchema = z.object({
  location: IncidentSchema,
  /** The incident's organisation and every organisation that sees one of its assets. */
  organization_ids: z.array(z.string()),
});
export type IncidentChanged = z.infer<typeof IncidentChangedSchema>;

/** An incident was detected, an asset joined or left it, it ended, or a user moved it. */
export const incidentMessage = liveMessage(
  'location',
  { location: IncidentSchema },
  // Every change of an incident is an alert: it goes out at once.
  { key: (message) => `location:${message.location.id}`, urgent: () => true },
);

export const INCIDENT_EVENTS = {
  /**
   * An incident opened, an asset joined or left it, it ended, or a user moved it, as stored now:
   * dashboards set its assets on scene and release those that left.
   */
  'incident.changed': domainEvent(IncidentChangedSchema, {
    shared: true,
    live: (change) => [
      { organizationIds: change.organization_ids, message: { type: 'location', location: change.location } },
    ],
  }),
};

export const INCIDENT_LIVE_MESSAGES = [incidentMessage] as const;
