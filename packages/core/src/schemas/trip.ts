/** Trips on the wire, and the trip report's rules (shared by the form and the API). */
import { z } from 'zod';
import { fromWallTimeInput } from '../time/zoned-time';

export const TRIP_MESSAGES = {
  atLeastOneAsset: 'Must select at least 1 Asset',
  tooManyAssets: '5 Assets max',
  pastDate: 'Must be past date',
  sameDates: 'Dates must be different',
  endBeforeStart: 'End time must be after Start time',
  tooLong: 'Select up to 24 hours',
  runDateMismatch: 'run_date must equal start_time',
  connectionFailed: 'Connection failed',
  notFound: 'Asset not found',
} as const;

/** What the Trips screen says when an asset's trip fails to load. */
export function tripLoadErrorMessage(status: number, message: string): string {
  if (status === 0) return TRIP_MESSAGES.connectionFailed;
  if (status === 404) return TRIP_MESSAGES.notFound;
  return message;
}

export const TRIP_REPORT = {
  maxAssets: 5,
  maxWindowMs: 24 * 3_600_000,
  /** How long an asset's trips are kept by the browser (and may be by caches on the way). */
  cacheSeconds: 300,
  /** A report of several assets shown together is fetched again once its data is older than this. */
  combinedCacheSeconds: 60,
  /** Trip points show on the map at this zoom or closer. */
  pointsMinZoom: 17,
} as const;

/** What is wrong with a trip window at `now` (all ms), checked in the form's order; null when fine. */
export function tripWindowError(start: number, end: number, now: number): string | null {
  if (start > now || end > now) return TRIP_MESSAGES.pastDate;
  if (start === end) return TRIP_MESSAGES.sameDates;
  if (end < start) return TRIP_MESSAGES.endBeforeStart;
  if (end - start > TRIP_REPORT.maxWindowMs) return TRIP_MESSAGES.tooLong;
  return null;
}

/**
 * The form's first window: the 24 hours ending now, to the minute (the end rounded down, so it is
 * not in the future: the spec takes past dates only).
 */
export function defaultTripWindow(now: number): { start: number; end: number } {
  const end = Math.floor(now / 60_000) * 60_000;
  return { start: end - TRIP_REPORT.maxWindowMs, end };
}

export function assetCountError(count: number): string | null {
  if (count < 1) return TRIP_MESSAGES.atLeastOneAsset;
  if (count > TRIP_REPORT.maxAssets) return TRIP_MESSAGES.tooManyAssets;
  return null;
}

/** Times as epoch seconds or ISO dates; `run_date`, when sent, repeats start_time (older clients send both). */
export const TripsQuerySchema = z.object({
  start_time: z.string(),
  end_time: z.string(),
  run_date: z.string().optional(),
});

export const TripPointSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  course: z.number().nullable(),
  speed: z.number().nullable(),
  timestamp: z.string(),
});

export const TripRunSchema = z.object({
  run_id: z.string(),
  run_start: z.string(),
  run_end: z.string(),
  run_duration: z.number(),
  is_active: z.boolean(),
  points: z.array(TripPointSchema),
});

export const TripSchema = z.object({
  thing_id: z.uuid(),
  start_time: z.string(),
  end_time: z.string(),
  runs: z.array(TripRunSchema),
});
export type Trip = z.infer<typeof TripSchema>;

/**
 * The trip report form: 1 to 5 assets and a window by the rules above (times as the date-time fields
 * give them, wall times of the organisation's zone). `now` and the zone are read at each check.
 */
export function tripReportFormSchema(now: () => number, timeZone: () => string) {
  return z
    .object({
      thingIds: z.array(z.string()),
      start: z.string().min(1, 'Required'),
      end: z.string().min(1, 'Required'),
    })
    .superRefine((form, ctx) => {
      const assets = assetCountError(form.thingIds.length);
      if (assets) ctx.addIssue({ code: 'custom', path: ['thingIds'], message: assets });
      const start = fromWallTimeInput(form.start, timeZone());
      const end = fromWallTimeInput(form.end, timeZone());
      if (start === null || end === null) return;
      const problem = tripWindowError(start, end, now());
      if (!problem) return;
      const onStart = problem === TRIP_MESSAGES.pastDate && start > now();
      ctx.addIssue({ code: 'custom', path: [onStart ? 'start' : 'end'], message: problem });
    });
}
export type TripReportForm = z.infer<ReturnType<typeof tripReportFormSchema>>;
