/**
 * Motorist alerts as CAP 1.2 (OASIS Common Alerting Protocol) documents, and the active ones as an
 * Atom feed whose entries carry them. Each version of an alert is its own CAP message: its identifier
 * is the alert's id and the time of that version, and the `flareAlertId` parameter names the alert
 * across versions. The area is a circle (a point's reach all around it) or a polygon (a line or
 * polygon widened by that reach). Times are CAP's form: to the second, UTC written `-00:00`.
 */
import buffer from '@turf/buffer';
import { XMLBuilder } from 'fast-xml-parser';
import { ALERT_TYPES, type Alert, type AlertGeometry } from '../schemas/alert';
import type { HazardSeverity } from '../schemas/hazard';

export const CAP_NAMESPACE = 'urn:oasis:names:tc:emergency:cap:1.2';
const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom';

const CAP_SEVERITY: Record<HazardSeverity, 'Severe' | 'Moderate' | 'Minor'> = {
  high: 'Severe',
  medium: 'Moderate',
  low: 'Minor',
};

const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });

/** `2026-11-29T16:05:02-00:00`. */
export function capTime(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, '-00:00');
}

/** The CAP identifier of this version of the alert (no spaces, commas, `<` or `&`). */
export const capIdentifier = (alert: Alert) =>
  `flare.${alert.id.replace(':', '.')}.${Date.parse(alert.updated_at)}`;

const pair = ([lng, lat]: readonly number[]) => `${lat!.toFixed(6)},${lng!.toFixed(6)}`;

/** CAP's area: a circle around a point, else polygons around the line or shape, by the alert's reach. */
function capArea(geometry: AlertGeometry, aroundM: number): { circle?: string; polygon?: string[] } {
  if (geometry.type === 'Point')
    return { circle: `${pair(geometry.coordinates)} ${(aroundM / 1000).toFixed(3)}` };
  const widened = buffer(geometry, aroundM, { units: 'meters', steps: 8 })!.geometry;
  const rings =
    widened.type === 'Polygon' ? [widened.coordinates[0]!] : widened.coordinates.map((p) => p[0]!);
  return { polygon: rings.map((ring) => ring.map(pair).join(' ')) };
}

function capAlertElement(alert: Alert, sender: string) {
  const heading = alert.heading === null ? [] : [{ valueName: 'heading', value: String(alert.heading) }];
  return {
    '@_xmlns': CAP_NAMESPACE,
    identifier: capIdentifier(alert),
    sender,
    sent: capTime(alert.updated_at),
    status: 'Actual',
    msgType: 'Alert',
    scope: 'Public',
    info: {
      language: 'en-US',
      category:
        alert.type === 'hazard' || alert.type.endsWith('zone') || alert.type === 'road_closure'
          ? 'Transport'
          : 'Safety',
      event: ALERT_TYPES[alert.type],
      urgency: 'Immediate',
      severity: CAP_SEVERITY[alert.severity],
      certainty: 'Observed',
      ...(alert.start_time ? { effective: capTime(alert.start_time) } : {}),
      ...(alert.expected_end_time ? { expires: capTime(alert.expected_end_time) } : {}),
      headline: alert.message,
      description: alert.message,
      parameter: [{ valueName: 'flareAlertId', value: alert.id }, ...heading],
      area: { areaDesc: ALERT_TYPES[alert.type], ...capArea(alert.geometry, alert.reach.around_m) },
    },
  };
}

/** One alert as a CAP 1.2 document. `sender`: the installation (`flare@host`). */
export function capDocument(alert: Alert, sender: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml.build({ alert: capAlertElement(alert, sender) })}`;
}

/** The active alerts as an Atom feed, each entry's content its CAP document and its link the document's address. */
export function capAtomFeed(
  alerts: readonly Alert[],
  options: { sender: string; feedUrl: string; alertUrl: (alert: Alert) => string; now: string },
): string {
  const feed = {
    '@_xmlns': ATOM_NAMESPACE,
    id: options.feedUrl,
    title: 'Flare motorist alerts',
    updated: new Date(options.now).toISOString(),
    author: { name: options.sender },
    link: { '@_rel': 'self', '@_href': options.feedUrl },
    entry: alerts.map((alert) => ({
      id: capIdentifier(alert),
      title: alert.message,
      updated: new Date(alert.updated_at).toISOString(),
      link: { '@_rel': 'alternate', '@_type': 'application/cap+xml', '@_href': options.alertUrl(alert) },
      content: { '@_type': 'text/xml', alert: capAlertElement(alert, options.sender) },
    })),
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml.build({ feed })}`;
}
