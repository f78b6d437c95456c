/**
 * The driver view's reading of the alerts that concern the vehicle: nearest first, with the distance
 * from where the vehicle is now (core's nearestPart, the rule the server matched them with), and the
 * words the banner shows and speaks.
 */
import { nearestPart, type VehiclePosition } from '@flare/core/alerts/alert-relevance';
import { ALERT_TYPES, type Alert } from '@flare/core/schemas/alert';

export interface AlertAhead {
  alert: Alert;
  metres: number;
}

export function alertsAhead(alerts: readonly Alert[], position: VehiclePosition | null): AlertAhead[] {
  if (!position) return [];
  return alerts
    .map((alert) => ({ alert, metres: nearestPart(alert, position).metres }))
    .sort((a, b) => a.metres - b.metres);
}

/** "850 m" to the nearest 10 m under a kilometre, then "1.4 km". */
export function formatDistance(metres: number): string {
  if (metres < 995) return `${Math.round(metres / 10) * 10} m`;
  return `${(metres / 1000).toFixed(1)} km`;
}

/** The alert's headline: its type's name. */
export const alertTitle = (alert: Pick<Alert, 'type'>) => ALERT_TYPES[alert.type];

/** What is spoken when an alert first concerns the vehicle: what, the organisation's message, how far. */
export function spokenWarning({ alert, metres }: AlertAhead): string {
  const distance = formatDistance(metres).replace(/ m$/, ' metres').replace(/ km$/, ' kilometres');
  const message = alert.message === alertTitle(alert) ? '' : ` ${alert.message}.`;
  return `${alertTitle(alert)}.${message} In ${distance}.`;
}
