/**
 * Times as the dashboard shows and asks for them: in the time zone of the organisation on show (the
 * header clock's), whatever the browser's own zone, in core's one family of formats.
 */
import {
  formatDate,
  formatDateTime,
  formatTimeOfDay,
  fromWallTimeInput,
  toWallTimeInput,
  zoneAbbreviation,
} from '@flare/core/time/zoned-time';
import { getSession } from './session';
import { subscribedOrganizationOf } from './subscribed-organization';

type Instant = string | number | Date;

/** The organisation on show's time zone; the browser's before anyone signs in. */
export function displayTimeZone(): string {
  const profile = getSession()?.profile;
  return profile
    ? subscribedOrganizationOf(profile).timezone
    : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "Nov 27, 2026, 5:13:22 AM": when a report, an event or a change happened. */
export function formatTime(time: Instant | null): string {
  return time === null ? '—' : formatDateTime(time, displayTimeZone(), { seconds: true });
}

/** "Nov 27, 2026, 5:13 AM": to the minute, for lists, schedules and files. */
export function formatWhen(time: Instant | null | undefined): string {
  return time === null || time === undefined ? '—' : formatDateTime(time, displayTimeZone());
}

/** "Nov 27, 2026". */
export function formatDay(time: Instant): string {
  return formatDate(time, displayTimeZone());
}

/** "5:13 AM", or "5:13:22 AM" with seconds: a time of a day that is plain from the context. */
export function formatClockTime(time: Instant, { seconds = false } = {}): string {
  return formatTimeOfDay(time, displayTimeZone(), { seconds });
}

/** The zone's short name now ("CST"), to say which clock a time or a field is on. */
export function displayZoneName(at: Instant = Date.now()): string {
  return zoneAbbreviation(at, displayTimeZone());
}

/** A `datetime-local` field's value for an ISO time, in the display zone (to the minute). */
export function toZoneInput(time: Instant | null | undefined): string {
  return time === null || time === undefined ? '' : toWallTimeInput(time, displayTimeZone());
}

/** The ISO time a `datetime-local` value names in the display zone; null when empty or partial. */
export function fromZoneInput(value: string): string | null {
  const instant = fromWallTimeInput(value, displayTimeZone());
  return instant === null ? null : new Date(instant).toISOString();
}

/** h:mm:ss, or m:ss under an hour. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A duration with its units, the two largest that apply: "42 s", "26 min 5 s", "1 h 26 min",
 * "2 d 3 h" (a bare "0:26" reads as minutes or hours alike).
 */
export function formatSpan(ms: number): string {
  const total = Math.max(0, ms);
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  const seconds = Math.floor((total % MINUTE) / SECOND);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
  return `${seconds} s`;
}

/**
 * How long ago, in its largest unit: "just now" under a second (a device's clock a little ahead of
 * ours included), then "12 s ago", "3 min ago", "2 h ago", "5 d ago".
 */
export function formatAgo(ms: number): string {
  if (ms < SECOND) return 'just now';
  if (ms < MINUTE) return `${Math.floor(ms / SECOND)} s ago`;
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h ago`;
  return `${Math.floor(ms / DAY)} d ago`;
}
