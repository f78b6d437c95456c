/** Sends reports the way Traccar Client does: an OsmAnd request per report (speed in knots). */
import { KNOTS_TO_METRES_PER_SECOND } from '@flare/core/telemetry/report';
import type { Report } from './vehicle';

export async function sendOsmand(baseUrl: string, report: Report, timestamp = Date.now()): Promise<Response> {
  const params = new URLSearchParams({
    id: report.deviceId,
    lat: report.lat.toFixed(6),
    lon: report.lng.toFixed(6),
    timestamp: String(Math.floor(timestamp / 1000)),
    speed: (report.speed / KNOTS_TO_METRES_PER_SECOND).toFixed(2),
    bearing: report.course.toFixed(1),
    accuracy: report.accuracy.toFixed(1),
    batt: String(report.battery),
    alerting: report.alerting ? '1' : '0',
  });
  return fetch(`${baseUrl}/?${params.toString()}`, { method: 'POST' });
}
