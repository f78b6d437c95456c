/** Times and durations as the detail panel and the lists show them. */
import dayjs from 'dayjs';

export function formatTime(iso: string | null): string {
  return iso ? dayjs(iso).format('MMM D, YYYY h:mm:ss A') : '—';
}

/** The time of day to the minute, 24-hour ("14:18"): since when the shown data is, say. */
export function formatClockTime(time: number): string {
  return dayjs(time).format('HH:mm');
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
