/**
 * Hazards on the road (debris, a crash, ice...) reported by users from the map and by devices through
 * the ingest API: the vocabularies, limits and messages, the API's shapes and the forms' schemas.
 * Rules that depend on the time or on the photo's bytes: hazards/hazard-rules.ts.
 */
import { z } from 'zod';
import { storable } from './common';
import { DEVICE_ID_MAX } from './thing';
import { normalizeText } from '../text';

/** Hazard types with the labels the dashboard shows. */
export const HAZARD_TYPES = {
  debris: 'Debris',
  disabled_vehicle: 'Disabled vehicle',
  crash: 'Crash',
  ice: 'Ice',
  flooding: 'Flooding',
  pothole: 'Pothole',
  animal: 'Animal',
  other: 'Other',
} as const;
export type HazardType = keyof typeof HAZARD_TYPES;
export const HAZARD_TYPE_IDS = Object.keys(HAZARD_TYPES) as [HazardType, ...HazardType[]];
/** The hazard report's choice meaning every type. */
export const ALL_HAZARD_TYPES = 'all';

export const HAZARD_SEVERITIES = { low: 'Low', medium: 'Medium', high: 'High' } as const;
export type HazardSeverity = keyof typeof HAZARD_SEVERITIES;
export const HAZARD_SEVERITY_IDS = Object.keys(HAZARD_SEVERITIES) as [HazardSeverity, ...HazardSeverity[]];

export const HAZARD_STATUSES = ['open', 'resolved'] as const;
export type HazardStatus = (typeof HAZARD_STATUSES)[number];
export const HAZARD_STATUS_LABELS: Record<HazardStatus, string> = { open: 'Open', resolved: 'Resolved' };
/** The hazard report's status filter. */
export const HAZARD_STATUS_FILTERS = ['all', ...HAZARD_STATUSES] as const;
export type HazardStatusFilter = (typeof HAZARD_STATUS_FILTERS)[number];

export const HAZARD_NOTE_MAX = 500;

export const HAZARD_PHOTO = {
  contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 5 * 1024 * 1024,
} as const;
export type HazardPhotoType = (typeof HAZARD_PHOTO.contentTypes)[number];
/** The longest base64 text of a photo within the limit. */
const PHOTO_MAX_BASE64 = Math.ceil(HAZARD_PHOTO.maxBytes / 3) * 4;

export const HAZARD_REPORT = {
  /** The form's time range opens on the last 24 hours. */
  defaultWindowMs: 24 * 3_600_000,
  maxWindowMs: 31 * 24 * 3_600_000,
  /** A report lists at most this many hazards (the newest). */
  maxResults: 1000,
} as const;

export const HAZARD_MESSAGES = {
  typeRequired: 'Select a hazard type',
  severityRequired: 'Select a severity',
  noteTooLong: `Limit ${HAZARD_NOTE_MAX} characters`,
  invalidLocation: 'Location must be a latitude (-90 to 90) and a longitude (-180 to 180)',
  photoType: 'Photo must be a JPEG, PNG or WebP image',
  photoTooLarge: 'Photo must be 5 MB or smaller',
  atLeastOneType: 'Must select at least 1 Hazard type',
  atLeastOneSeverity: 'Must select at least 1 Severity',
  pastDate: 'Must be past date',
  endBeforeStart: 'End time must be after Start time',
  tooLong: 'Select up to 31 days',
  futureTimestamp: 'timestamp is more than 5 minutes in the future',
  badTimestamp: 'timestamp must be epoch seconds, epoch milliseconds or an ISO date after 1970',
  notFound: 'Hazard not found',
  alreadyResolved: 'Hazard is already resolved',
  connectionFailed: 'Connection failed',
  unableToSave: 'Unable to save Hazard',
  unableToResolve: 'Unable to resolve Hazard',
  photoUnavailable: 'Photo not available',
  noHazards: 'No hazards match this report',
  reported: 'Hazard reported',
} as const;

const Timestamp = z.iso.datetime({ offset: true });

export const HazardSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  hazard_type: z.enum(HAZARD_TYPE_IDS),
  severity: z.enum(HAZARD_SEVERITY_IDS),
  lat: z.number(),
  lng: z.number(),
  reported_at: Timestamp,
  /** A user (from the map) or an asset (its device); `id` is null once that user or asset is gone. */
  reported_by: z.object({ kind: z.enum(['user', 'thing']), id: z.string().nullable(), name: z.string() }),
  note: z.string().nullable(),
  has_photo: z.boolean(),
  status: z.enum(HAZARD_STATUSES),
  resolved_at: Timestamp.nullable(),
  resolved_by: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
});
export type Hazard = z.infer<typeof HazardSchema>;

export const HazardsSchema = z.object({
  hazards: z.array(HazardSchema),
  /** More hazards matched than a report lists (the newest are listed). */
  truncated: z.boolean(),
});
export type Hazards = z.infer<typeof HazardsSchema>;

const latitude = z
  .number({ error: HAZARD_MESSAGES.invalidLocation })
  .min(-90, HAZARD_MESSAGES.invalidLocation)
  .max(90, HAZARD_MESSAGES.invalidLocation);
const longitude = z
  .number({ error: HAZARD_MESSAGES.invalidLocation })
  .min(-180, HAZARD_MESSAGES.invalidLocation)
  .max(180, HAZARD_MESSAGES.invalidLocation);

/** Bytes the base64 text decodes to. */
export function base64ByteLength(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/** A photo in a JSON body: its type and its bytes in base64 (whether the bytes are that type is checked too). */
export const HazardPhotoInputSchema = z.object({
  content_type: z.enum(HAZARD_PHOTO.contentTypes, { error: HAZARD_MESSAGES.photoType }),
  data: z
    .string({ error: HAZARD_MESSAGES.photoType })
    .max(PHOTO_MAX_BASE64, { error: HAZARD_MESSAGES.photoTooLarge, abort: true })
    // A plain character run (no nested groups): megabytes of text without deep regex backtracking.
    .refine((data) => data.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(data), {
      error: HAZARD_MESSAGES.photoType,
      abort: true,
    })
    .refine((data) => base64ByteLength(data) <= HAZARD_PHOTO.maxBytes, HAZARD_MESSAGES.photoTooLarge),
});
export type HazardPhotoInput = z.infer<typeof HazardPhotoInputSchema>;

const NoteSchema = storable(z.string().trim().max(HAZARD_NOTE_MAX, HAZARD_MESSAGES.noteTooLong));

const hazardFields = {
  hazard_type: z.enum(HAZARD_TYPE_IDS, { error: HAZARD_MESSAGES.typeRequired }),
  severity: z.enum(HAZARD_SEVERITY_IDS, { error: HAZARD_MESSAGES.severityRequired }),
  lat: latitude,
  lng: longitude,
  note: NoteSchema.nullish(),
  photo: HazardPhotoInputSchema.nullish(),
};

/** `POST /hazards`: a user reports a hazard at a point, now. */
export const CreateHazardInputSchema = z.object({
  /** An organisation the caller manages; default: their own. */
  organization_id: z.uuid().optional(),
  ...hazardFields,
});
export type CreateHazardInput = z.infer<typeof CreateHazardInputSchema>;

/**
 * `POST /ingest/hazards`: a device reports a hazard. `device_id` is what the device presents to
 * every ingest path (its credential, or a legacy device's System Id); `timestamp` (epoch seconds or
 * milliseconds, or an ISO date; default now) is when it saw the hazard.
 */
export const DeviceHazardReportSchema = z.object({
  device_id: storable(z.string().max(DEVICE_ID_MAX)).transform(normalizeText).pipe(z.string().min(1)),
  timestamp: z.union([z.number(), z.string().max(40)]).optional(),
  ...hazardFields,
});
export type DeviceHazardReport = z.infer<typeof DeviceHazardReportSchema>;

const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item)]).optional();

/**
 * `GET /organization/hazards`: the hazard report. `types[]` (at least one, or `all`) is required;
 * without `severities[]` every severity, without `status` every status, without times the last 24 hours.
 */
export const HazardsQuerySchema = z.object({
  'org_ids[]': oneOrMany(z.uuid()),
  'types[]': oneOrMany(z.enum([...HAZARD_TYPE_IDS, ALL_HAZARD_TYPES])),
  'severities[]': oneOrMany(z.enum(HAZARD_SEVERITY_IDS)),
  status: z.enum(HAZARD_STATUS_FILTERS).optional(),
  start_time: z.string().optional(),
  end_time: z.string().optional(),
});
export type HazardsQuery = z.infer<typeof HazardsQuerySchema>;

/** The Report hazard form on the map (the point comes from the map, the photo is checked on its own). */
export const ReportHazardFormSchema = z.object({
  hazard_type: z.enum(HAZARD_TYPE_IDS, { error: HAZARD_MESSAGES.typeRequired }),
  severity: z.enum(HAZARD_SEVERITY_IDS, { error: HAZARD_MESSAGES.severityRequired }),
  note: NoteSchema,
});
export type ReportHazardForm = z.infer<typeof ReportHazardFormSchema>;
