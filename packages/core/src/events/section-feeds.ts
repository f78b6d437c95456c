/**
 * Every section's domain events and live-feed messages. A section adds itself to these two lists and
 * nowhere else: the server's event bus and live feed, and the web's live transport, read them.
 */
import { ALERT_EVENTS } from './alert-events';
import { API_KEY_EVENTS } from './api-key-events';
import { AREA_EVENTS } from './area-events';
import { CLOSURE_EVENTS, CLOSURE_LIVE_MESSAGES } from './closure-events';
import { EXPORT_EVENTS, EXPORT_LIVE_MESSAGES } from './export-events';
import { INCIDENT_EVENTS, INCIDENT_LIVE_MESSAGES } from './incident-events';
import { ORGANIZATION_EVENTS } from './organization-events';
import { THING_EVENTS, THING_LIVE_MESSAGES } from './thing-events';
import { USER_EVENTS } from './user-events';

/** Every domain event, by name. */
export const DOMAIN_EVENTS = {
  ...THING_EVENTS,
  ...USER_EVENTS,
  ...INCIDENT_EVENTS,
  ...AREA_EVENTS,
  ...CLOSURE_EVENTS,
  ...EXPORT_EVENTS,
  ...ALERT_EVENTS,
  ...API_KEY_EVENTS,
  ...ORGANIZATION_EVENTS,
};

/** Every live-feed message's definition. */
export const LIVE_MESSAGE_DEFINITIONS = [
  ...THING_LIVE_MESSAGES,
  ...INCIDENT_LIVE_MESSAGES,
  ...CLOSURE_LIVE_MESSAGES,
  ...EXPORT_LIVE_MESSAGES,
] as const;
