/**
 * Flare's own JSON report, as the batch API (`POST /api/ingest/points`) and MQTT
 * (`things/{deviceId}/telemetry`) take it: `device_id`, `lat`, `lng`, `timestamp` (epoch ms or an
 * ISO date), `speed` (m/s), `course`, `altitude`, `accuracy` (m), `hdop`, `battery` (%), `charging`,
 * `valid`, `alerting`, `in_service`, `alarm`, `driver_unique_id`, and `attributes` (anything else
 * worth keeping, at most 4 KB). Without `lat` and `lng` a report is a check-in.
 */
import { z } from 'zod';
import type { RawReport, ReportField } from './report';

export const MAX_BATCH_POINTS = 10_000;

/** The JSON batch API body; each point is read on its own, so a refusal can name the point. */
export const IngestBatchSchema = z.object({
  points: z
    .array(z.unknown())
    .min(1, 'points must not be empty')
    .max(MAX_BATCH_POINTS, 'at most 10,000 points per request'),
});

const FLARE_FIELDS = Object.entries({
  device_id: 'deviceId',
  timestamp: 'timestamp',
  lat: 'lat',
  lng: 'lng',
  valid: 'valid',
  speed: 'speed',
  course: 'course',
  altitude: 'altitude',
  accuracy: 'accuracy',
  hdop: 'hdop',
  battery: 'battery',
  charging: 'charging',
  alerting: 'alerting',
  in_service: 'inService',
  alarm: 'alarm',
  driver_unique_id: 'driverUniqueId',
} satisfies Record<string, ReportField>);

/** Raw fields of one Flare JSON report; other top-level keys are ignored. */
export function fromFlareJson(point: unknown): RawReport {
  const body =
    typeof point === 'object' && point !== null && !Array.isArray(point)
      ? (point as Record<string, unknown>)
      : {};
  const fields: RawReport['fields'] = {};
  for (const [name, field] of FLARE_FIELDS) {
    if (Object.hasOwn(body, name) && body[name] !== undefined) fields[field] = { name, value: body[name] };
  }
  const attributes =
    typeof body.attributes === 'object' && body.attributes !== null && !Array.isArray(body.attributes)
      ? (body.attributes as Record<string, unknown>)
      : {};
  return { fields, attributes, speedUnit: 'mps', batteryUnit: 'percent' };
}
