/** Times and durations as the detail panel shows them. */
import dayjs from 'dayjs';

export function formatTime(iso: string | null): string {
  return iso ? dayjs(iso).format('MMM D, YYYY h:mm:ss A') : '—';
}

/** h:mm:ss, or m:ss under an hour. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
