/**
 * One position report as Flare ingests it, whatever protocol brought it, and the rules that make
 * a report acceptable (spec 2 section 4; ARCHITECTURE "Data flow of one position").
 */
import { z } from 'zod';

/** Reports dated more than this far ahead of the server clock are refused. */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
/** Positions less accurate than this (metres) do not move the asset; 30 at a station. */
export const ACCURACY_LIMIT_M = 100;
export const STATION_ACCURACY_LIMIT_M = 30;
export const KNOTS_TO_METRES_PER_SECOND = 0.514444;

export const IngestPointSchema = z.object({
  device_id: z
    .string()
    .trim()
    .min(1, 'device id is required')
    .max(100, 'device id is longer than 100 characters'),
  lat: z
    .number({ error: 'lat must be a number' })
    .min(-90, 'lat must be between -90 and 90')
    .max(90, 'lat must be between -90 and 90'),
  lng: z
    .number({ error: 'lng must be a number' })
    .min(-180, 'lng must be between -180 and 180')
    .max(180, 'lng must be between -180 and 180'),
  /** Epoch milliseconds. */
  timestamp: z.number({ error: 'timestamp is required' }).int().positive('timestamp must be positive'),
  /** Metres per second. */
  speed: z
    .number()
    .min(0, 'speed cannot be negative')
    .max(150, 'speed above 150 m/s')
    .nullable()
    .default(null),
  course: z.number().min(0, 'course must be 0-360').max(360, 'course must be 0-360').nullable().default(null),
  altitude: z.number().min(-500).max(20_000).nullable().default(null),
  accuracy: z.number().min(0, 'accuracy cannot be negative').nullable().default(null),
  battery: z.number().min(0).max(100).nullable().default(null),
  /** Emergency lights on (the asset is alerting). */
  alerting: z.boolean().default(false),
  /** Absent: the asset's in-service flag stays as it is. */
  in_service: z.boolean().nullable().default(null),
});
export type IngestPoint = z.infer<typeof IngestPointSchema>;
export type IngestPointInput = z.input<typeof IngestPointSchema>;

/** The JSON batch API body. */
export const IngestBatchSchema = z.object({
  points: z
    .array(z.unknown())
    .min(1, 'points must not be empty')
    .max(10_000, 'at most 10,000 points per request'),
});

export type Validation = { ok: true; point: IngestPoint } | { ok: false; reason: string };

/** Checks one report, including the clock rule that a schema alone cannot state. */
export function validateIngestPoint(input: unknown, now: number): Validation {
  const parsed = IngestPointSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    return {
      ok: false,
      reason: field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message,
    };
  }
  if (parsed.data.timestamp > now + MAX_FUTURE_SKEW_MS) {
    return { ok: false, reason: 'timestamp is more than 5 minutes in the future' };
  }
  return { ok: true, point: parsed.data };
}

/** Whether a report is accurate enough to move the asset (it still counts as a check-in). */
export function isAccurateEnough(accuracy: number | null, atStation: boolean): boolean {
  return accuracy === null || accuracy <= (atStation ? STATION_ACCURACY_LIMIT_M : ACCURACY_LIMIT_M);
}
