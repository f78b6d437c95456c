/** R2R alerts on the wire: the R2R section's search and its answers. */
import { z } from 'zod';

export const R2rAlertsQuerySchema = z.object({
  thing_id: z.uuid(),
  /** Epoch seconds or an ISO date; the window ends 15 minutes later. */
  start_time: z.string(),
});

const R2rAlertAssetSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
});

export const R2rAlertSchema = z.object({
  id: z.uuid(),
  at: z.string(),
  distance_m: z.number(),
  alerting: R2rAlertAssetSchema,
  alerted: R2rAlertAssetSchema,
});
export type R2rAlert = z.infer<typeof R2rAlertSchema>;

export const R2rAlertsSchema = z.object({
  thing_id: z.uuid(),
  start_time: z.string(),
  end_time: z.string(),
  alerts: z.array(R2rAlertSchema),
});
export type R2rAlerts = z.infer<typeof R2rAlertsSchema>;
