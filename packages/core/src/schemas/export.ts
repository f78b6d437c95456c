/**
 * Data exports: CSV files of one organisation's incidents, stored reports (points), assets or
 * closures, made in the background. The API's shapes, the create payload, the statuses and how the
 * Data screen's tabs group them, and the messages. The payload's rules: exports/export-rules.ts.
 */
import { z } from 'zod';
import { CLOSURE_TYPES } from './closure';
import { MESSAGES } from '../messages';
import { storable } from './common';

/** `thing` is the asset export. */
export const EXPORT_TYPES = ['incident', 'point', 'thing', 'closure'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** In-progress counts as requested: a job has taken it and is writing its file. */
export const EXPORT_STATUSES = ['requested', 'in_progress', 'errored', 'completed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** The Data screen's tabs and the statuses each shows. */
export const EXPORT_TABS = {
  completed: { label: 'Completed', statuses: ['completed'] },
  'in-progress': { label: 'In-Progress', statuses: ['requested', 'in_progress'] },
  error: { label: 'Error', statuses: ['errored'] },
} as const satisfies Record<string, { label: string; statuses: readonly ExportStatus[] }>;
export type ExportTab = keyof typeof EXPORT_TABS;

export function exportTabOf(status: ExportStatus): ExportTab {
  if (status === 'completed') return 'completed';
  return status === 'errored' ? 'error' : 'in-progress';
}

export const EXPORT_MESSAGES = {
  titleRequired: 'Title is required',
  organizationInvalid: 'Organization must be a valid id',
  rangeTooLong: 'Exceeds max time range',
  assetRequired: 'Must select at least 1 Asset',
  closureTypeOrAsset: 'Must include at least 1 Closure type or Asset',
  rangeRequired: 'Start and end time required',
  endBeforeStart: 'End time must be after Start time',
  unknownAsset: 'Asset not found',
  onlyCreatorDeletes: 'Only the export creator can delete',
  noDeletePermission: 'User does not have required permissions',
  notFound: 'Export not found',
  fileNotFound: MESSAGES.fileNotFound,
  unknownFailure: MESSAGES.unknownFailure,
  failed: 'The requested exports have failed and are no longer In-Progress.',
  failedPrompt: 'Please submit a support request so we can look into it.',
  inProgressTitle: 'Export In-Progress',
  inProgressText:
    'Your export is being prepared. It appears under Completed, ready to download, when its file is written.',
  gotIt: 'Got It',
  fileWriteFailed: 'The file could not be written',
  diskFull: 'Not enough disk space for the file',
  storageFailed: 'The file could not be stored in the bucket',
  databaseFailed: 'The data could not be read from the database',
  unknownTimeZone: 'Unknown time zone',
} as const;

/** The longest range one export covers. */
export const EXPORT_MAX_RANGE_DAYS = 31;
export const EXPORT_MAX_RANGE_MS = EXPORT_MAX_RANGE_DAYS * 24 * 3_600_000;
/** How many assets one export may name. */
export const EXPORT_MAX_ASSETS = 10_000;
export const EXPORT_TITLE_MAX = 200;
/** The list is asked again this often while an export is unfinished (behind the live feed). */
export const EXPORTS_POLL_MS = 5_000;
/** 'Got It' refreshes the list and returns to it after this delay. */
export const EXPORT_GOT_IT_DELAY_MS = 250;

const Timestamp = z.iso.datetime({ offset: true });

export const ExportSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  /** The user who asked for it; only they may delete it. */
  requested_by: z.string().nullable(),
  requested_by_name: z.string().nullable(),
  export_type: z.enum(EXPORT_TYPES),
  title: z.string(),
  export_start_time: Timestamp.nullable(),
  export_end_time: Timestamp.nullable(),
  /** Times in the file are UTC; otherwise in the organisation's time zone (`time_zone`). */
  use_utc: z.boolean(),
  time_zone: z.string(),
  requested_at: Timestamp,
  completed_at: Timestamp.nullable(),
  /** The CSV file's id, once written. */
  file_id: z
    .string()
    .regex(/\.csv$/)
    .nullable(),
  status: z.enum(EXPORT_STATUSES),
  /** Data rows written so far (the header not counted). */
  rows_written: z.number().int().min(0),
  /** 0 to 100. */
  progress: z.number().min(0).max(100),
  /** Why an errored export failed. */
  error: z.string().nullable(),
});
export type Export = z.infer<typeof ExportSchema>;

export const ExportsQuerySchema = z.object({
  'org_ids[]': z.union([z.uuid(), z.array(z.uuid())]).optional(),
});

/** The list: entries failing the schema are dropped by the client. */
export const ExportListSchema = z.array(z.unknown());

/** The create payload. Rules across fields (range, assets, closure types): exports/export-rules.ts. */
export const ExportInputSchema = z.object({
  export_type: z.enum(EXPORT_TYPES),
  title: storable(z.string().max(EXPORT_TITLE_MAX)),
  export_start_time: Timestamp.nullable().optional(),
  export_end_time: Timestamp.nullable().optional(),
  use_utc: z.boolean().default(false),
  organization_id: z.string(),
  thing_uuids: z.array(z.uuid()).max(EXPORT_MAX_ASSETS).default([]),
  /** Incident exports: also the incidents no asset was at. */
  include_no_thing_il: z.boolean().optional(),
  /** Closure exports: the closure types to include (besides the chosen assets' closures). */
  closures_to_include: z.array(z.enum(CLOSURE_TYPES)).optional(),
});
export type ExportInput = z.input<typeof ExportInputSchema>;
export type ParsedExportInput = z.output<typeof ExportInputSchema>;

/** The signed link of an export's file. */
export const ExportFileLinkSchema = z.object({ file_url: z.string() });
