/**
 * The hazard rules both sides apply: which types a report's choice covers, what is wrong with a
 * report's choices and time range, whether a photo is what it says it is, when a device saw a hazard,
 * and what the dashboard says when a call about hazards fails.
 */
import {
  ALL_HAZARD_TYPES,
  HAZARD_MESSAGES,
  HAZARD_PHOTO,
  HAZARD_REPORT,
  HAZARD_TYPE_IDS,
  type HazardPhotoType,
  type HazardType,
} from '../schemas/hazard';
import { MAX_FUTURE_SKEW_MS, parseTime } from '../telemetry/report';

/** The types a report's choice covers: every type when it holds 'all'. */
export function hazardTypesOf(chosen: readonly string[]): HazardType[] {
  if (chosen.includes(ALL_HAZARD_TYPES)) return [...HAZARD_TYPE_IDS];
  return HAZARD_TYPE_IDS.filter((type) => chosen.includes(type));
}

export interface HazardReportChoice {
  /** Hazard types, or 'all'. */
  types: readonly string[];
  severities: readonly string[];
  /** Epoch ms. */
  start: number;
  end: number;
}

export interface HazardReportProblem {
  field: 'types' | 'severities' | 'start' | 'end';
  message: string;
}

/** What is wrong with a hazard report at `now` (ms), in the form's order; null when fine. */
export function hazardReportProblem(report: HazardReportChoice, now: number): HazardReportProblem | null {
  if (hazardTypesOf(report.types).length === 0)
    return { field: 'types', message: HAZARD_MESSAGES.atLeastOneType };
  if (report.severities.length === 0)
    return { field: 'severities', message: HAZARD_MESSAGES.atLeastOneSeverity };
  if (report.start > now) return { field: 'start', message: HAZARD_MESSAGES.pastDate };
  if (report.end <= report.start) return { field: 'end', message: HAZARD_MESSAGES.endBeforeStart };
  if (report.end - report.start > HAZARD_REPORT.maxWindowMs)
    return { field: 'end', message: HAZARD_MESSAGES.tooLong };
  return null;
}

/** The open hazards the live map shows: those reported in the longest report window up to `now`. */
export function openHazardsWindow(now: number): { start: number; end: number } {
  const end = Math.ceil(now / 60_000) * 60_000;
  return { start: end - HAZARD_REPORT.maxWindowMs, end };
}

/** The default report's time range: the last 24 hours up to `now`, on whole minutes. */
export function defaultHazardWindow(now: number): { start: number; end: number } {
  const end = Math.ceil(now / 60_000) * 60_000;
  return { start: end - HAZARD_REPORT.defaultWindowMs, end };
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type the bytes are (by their signature), or null when they are none of the accepted ones. */
export function photoTypeOf(bytes: Uint8Array): HazardPhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** What is wrong with a photo as picked (its declared type and size), before it is sent; null when fine. */
export function hazardPhotoProblem(file: { type: string; size: number }): string | null {
  if (!(HAZARD_PHOTO.contentTypes as readonly string[]).includes(file.type) || file.size === 0)
    return HAZARD_MESSAGES.photoType;
  if (file.size > HAZARD_PHOTO.maxBytes) return HAZARD_MESSAGES.photoTooLarge;
  return null;
}

/** When a device saw the hazard: its timestamp (default `now`), refused when unreadable or in the future. */
export function deviceHazardTime(
  timestamp: string | number | undefined,
  now: number,
): { at: number } | { problem: string } {
  if (timestamp === undefined) return { at: now };
  const at = parseTime(timestamp);
  if (at === null || at <= 0 || Number.isNaN(new Date(at).getTime()))
    return { problem: HAZARD_MESSAGES.badTimestamp };
  if (at > now + MAX_FUTURE_SKEW_MS) return { problem: HAZARD_MESSAGES.futureTimestamp };
  return { at };
}

/** What the dashboard says when a hazard call fails: the connection, a hazard gone, else the server's reason. */
export function hazardErrorMessage(status: number, message: string | undefined, fallback: string): string {
  if (status === 0) return HAZARD_MESSAGES.connectionFailed;
  if (status === 404) return HAZARD_MESSAGES.notFound;
  return message || fallback;
}
