/**
 * What the motorist-alerts section tells: each change of an organisation's active alerts (an alert
 * created, updated or ended), numbered by the server so a partner's stream can resume after the last
 * one it received. Every server process hears them and passes them to the streams it serves.
 */
import { z } from 'zod';
import { AlertGeometrySchema, AlertSchema } from '../schemas/alert';
import { domainEvent } from './domain-event';

export const ALERT_CHANGES = ['created', 'updated', 'ended'] as const;
export type AlertChange = (typeof ALERT_CHANGES)[number];

export const AlertEventSchema = z.object({
  /** Increasing in the order the organisation's changes happened: where a stream resumes. */
  id: z.number().int(),
  change: z.enum(ALERT_CHANGES),
  /** The alert as it is now; for an ended one, as it was last. */
  alert: AlertSchema,
  /** An updated alert's geometry before (a region it left still hears the update). */
  previous_geometry: AlertGeometrySchema.nullable(),
  at: z.string(),
});
export type AlertEvent = z.infer<typeof AlertEventSchema>;

export const AlertsChangedSchema = z.object({
  organization_id: z.string(),
  events: z.array(AlertEventSchema),
});
export type AlertsChanged = z.infer<typeof AlertsChangedSchema>;

export const ALERT_EVENTS = {
  /** An organisation's alerts changed: every process's partner streams hear it. */
  'alert.changed': domainEvent(AlertsChangedSchema, { shared: true }),
};
